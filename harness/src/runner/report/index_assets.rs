//! The index page's inline style sheet and script (no external assets: the output directory
//! is archived and opened anywhere, without a server).

/// Status colours: cells, badges and the legend share them.
pub const CSS: &str = r#"
:root { --pass:#2f9e55; --fail:#d23b33; --crash:#7d1d6e; --timeout:#e07800; --skip:#c3c8cf;
  --xfail:#e8c35a; --upass:#3b78d8; --flake:#9acb5e; --ink:#1d2329; --muted:#5f6b76; --line:#dde2e7; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0; background: #f6f7f9; line-height: 1.4; }
main { max-width: 1200px; margin: 0 auto; padding: 0 20px 40px; }
header.banner { padding: 18px 20px; color: white; }
header.banner.good { background: var(--pass); }
header.banner.bad { background: var(--fail); }
header.banner h1 { margin: 0; font-size: 1.5em; }
header.banner p { margin: 4px 0 0; font-size: 1.1em; }
nav { margin: 10px 0 0; font-size: .95em; }
nav a { margin-right: 14px; }
h2 { margin: 28px 0 8px; font-size: 1.25em; }
h3 { margin: 18px 0 6px; font-size: 1.05em; }
section { background: white; border: 1px solid var(--line); border-radius: 6px; padding: 4px 16px 14px; margin-top: 18px; }
table { border-collapse: collapse; }
th, td { padding: 4px 10px; }
table.data th { text-align: left; border-bottom: 2px solid var(--line); }
table.data td { border-bottom: 1px solid var(--line); }
table.data td.num, table.data th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.data tfoot td { font-weight: 600; border-top: 2px solid var(--line); border-bottom: none; }
.zero { color: #b5bcc3; }
.badge { display: inline-block; padding: 1px 7px; border-radius: 9px; font-size: .8em; font-weight: 600; color: white; white-space: nowrap; }
.Pass { --c: var(--pass); } .Fail { --c: var(--fail); } .Crash { --c: var(--crash); } .Timeout { --c: var(--timeout); }
.Skip { --c: var(--skip); } .ExpectedFail { --c: var(--xfail); } .UnexpectedPass { --c: var(--upass); } .Flake, .ExpectedFlake { --c: var(--flake); }
.badge { background: var(--c, #888); }
.badge.Skip, .badge.ExpectedFail, .badge.Flake, .badge.ExpectedFlake { color: var(--ink); }
.badge.new { background: #111; }
.card { border: 1px solid var(--line); border-left: 5px solid var(--c, #888); border-radius: 4px; padding: 8px 12px; margin: 10px 0; }
.card .title { font-weight: 600; }
.card .title a { color: inherit; }
.card .msg { margin: 4px 0; color: var(--muted); white-space: pre-wrap; overflow-wrap: anywhere; font-size: .92em; }
.thumbs { display: flex; gap: 10px; flex-wrap: wrap; margin-top: 6px; }
.thumbs figure { margin: 0; text-align: center; font-size: .8em; color: var(--muted); }
.thumbs img { display: block; width: 128px; height: 128px; object-fit: contain; image-rendering: pixelated; border: 1px solid #aab; background: #eee; }
.changes ul { margin: 4px 0; padding-left: 20px; }
.muted { color: var(--muted); }
code { font-size: .92em; }
.filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 8px 0 12px; }
.filters label { white-space: nowrap; cursor: pointer; }
.filters .badge { margin-left: 2px; }
table.matrix { font-size: .9em; }
table.matrix thead th { position: sticky; top: 0; background: white; border-bottom: 2px solid var(--line); font-weight: 600; }
table.matrix th.test { text-align: left; font-weight: normal; white-space: nowrap; padding: 1px 10px 1px 4px; }
table.matrix tr.area th { text-align: left; background: #eef1f4; padding: 6px 6px; font-weight: 600; }
table.matrix tr.area .counts { font-weight: normal; color: var(--muted); margin-left: 8px; }
table.matrix td { padding: 1px 3px; text-align: center; }
td.c a, td.c span { display: block; min-width: 34px; height: 18px; line-height: 18px; border-radius: 3px; background: var(--c); color: white; text-decoration: none; font-size: .8em; }
td.c.Skip span, td.c.ExpectedFail a, td.c.ExpectedFail span, td.c.Flake span, td.c.Flake a, td.c.ExpectedFlake span, td.c.ExpectedFlake a { color: var(--ink); }
td.none span { display: block; min-width: 34px; height: 18px; border: 1px dashed var(--line); border-radius: 3px; }
table.matrix.hide-Pass td.Pass > *, table.matrix.hide-Fail td.Fail > *, table.matrix.hide-Crash td.Crash > *,
table.matrix.hide-Timeout td.Timeout > *, table.matrix.hide-Skip td.Skip > *, table.matrix.hide-ExpectedFail td.ExpectedFail > *,
table.matrix.hide-UnexpectedPass td.UnexpectedPass > *, table.matrix.hide-Flake td.Flake > *, table.matrix.hide-ExpectedFlake td.ExpectedFlake > * { opacity: .15; }
details summary { cursor: pointer; }
"#;

/// Status and area filters of the matrix: a test row shows when its area is selected and one
/// of its cells has a checked status; cells of unchecked statuses fade. Without a script the
/// whole matrix shows.
pub const JS: &str = r#"
(function () {
  var table = document.getElementById('matrix-table');
  var area = document.getElementById('f-area');
  var text = document.getElementById('f-text');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('#f-status input'));
  function apply() {
    var on = {};
    boxes.forEach(function (b) { on[b.value] = b.checked; table.classList.toggle('hide-' + b.value, !b.checked); });
    var q = text.value.trim().toLowerCase();
    Array.prototype.forEach.call(table.tBodies, function (tb) {
      var any = false;
      Array.prototype.forEach.call(tb.querySelectorAll('tr.t'), function (tr) {
        var statuses = tr.getAttribute('data-s').split(' ');
        var show = (area.value === '' || tb.getAttribute('data-area') === area.value)
          && statuses.some(function (s) { return on[s]; })
          && (q === '' || tr.getAttribute('data-t').toLowerCase().indexOf(q) >= 0);
        tr.hidden = !show;
        any = any || show;
      });
      tb.hidden = !any;
    });
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  area.addEventListener('change', apply);
  text.addEventListener('input', apply);
  document.getElementById('f-bad').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = ['Fail', 'Crash', 'Timeout', 'UnexpectedPass'].indexOf(b.value) >= 0; });
    apply();
  });
  document.getElementById('f-all').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = true; }); area.value = ''; text.value = ''; apply();
  });
  document.getElementById('filters').hidden = false;
})();
"#;
