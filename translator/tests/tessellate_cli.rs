//! `tesserae tessellate`: text, JSON and SVG output agree with the library; bad arguments
//! exit with status 2 and one message.

use std::process::{Command, Output};
use tesserae::tessellator::{tessellate, Domain, Spacing, TessConfig, Winding};

fn tesserae(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tesserae")).args(args).output().expect("runs")
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn text_lists_points_and_triangles() {
    let text =
        stdout(&tesserae(&["tessellate", "--domain", "tri", "--spacing", "fractional-odd", "--outer", "2.5,3.7,1.2", "--inner", "3"]));
    let cfg = TessConfig {
        domain: Domain::Triangles,
        spacing: Spacing::FractionalOdd,
        winding: Winding::Ccw,
        point_mode: false,
        outer: [2.5, 3.7, 1.2, 0.0],
        inner: [3.0, 0.0],
    };
    let t = tessellate(&cfg);
    let first = text.lines().next().unwrap();
    assert!(first.contains(&format!("{} points, {} triangles", t.points.len(), t.primitives.len())), "{first}");
    // Every point with its exact (shortest round-trip) coordinates, every triangle's indices.
    for i in 0..t.points.len() {
        let [u, v, w] = t.coord3(i);
        assert!(text
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == [i.to_string(), u.to_string(), v.to_string(), w.to_string()]));
    }
    let tris: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("triangles")).skip(1).collect();
    assert_eq!(tris.len(), t.primitives.len());
    let indices: Vec<u32> = tris.iter().flat_map(|l| l.split_whitespace().map(|x| x.parse::<u32>().unwrap())).collect();
    assert_eq!(indices, t.primitives.indices());
}

#[test]
fn json_and_svg() {
    let svg = std::env::temp_dir().join(format!("tesserae-tess-{}.svg", std::process::id()));
    let out = tesserae(&[
        "tessellate",
        "--domain",
        "quad",
        "--spacing",
        "fractional-even",
        "--outer",
        "1,2,3,4",
        "--inner",
        "5,6",
        "--cw",
        "--point-mode",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["config"]["winding"], "cw");
    assert_eq!(v["config"]["point_mode"], true);
    let points = v["points"].as_array().unwrap();
    assert_eq!(v["primitives"]["points"].as_array().unwrap().len(), points.len());
    let picture = std::fs::read_to_string(&svg).expect("SVG written");
    let _ = std::fs::remove_file(&svg);
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    assert_eq!(picture.matches("<circle").count(), points.len());
}

#[test]
fn isolines_culled_and_special_levels() {
    // Density 2, detail -1: culled; NaN and inf parse as levels.
    let text = stdout(&tesserae(&["tessellate", "--domain", "isolines", "--outer", "2,-1"]));
    assert!(text.lines().next().unwrap().contains("0 points, 0 lines (patch culled)"), "{text}");
    let text = stdout(&tesserae(&["tessellate", "--domain", "quad", "--outer", "NaN,1,1,1", "--inner", "inf,1"]));
    assert!(text.contains("(patch culled)"), "{text}");
}

#[test]
fn bad_arguments_exit_2_with_one_message() {
    for (args, needle) in [
        (&["tessellate", "--domain", "hex", "--outer", "1,1,1", "--inner", "1"][..], "unknown tessellation domain `hex`"),
        (
            &["tessellate", "--domain", "tri", "--spacing", "odd", "--outer", "1,1,1", "--inner", "1"][..],
            "unknown tessellation spacing `odd`",
        ),
        (&["tessellate", "--domain", "quad", "--outer", "1,2,3", "--inner", "1,1"][..], "--outer: Quads takes 4 levels, got 3"),
        (&["tessellate", "--domain", "tri", "--outer", "1,2,3"][..], "--inner: Triangles takes 1 to 2 levels, got 0"),
        (&["tessellate", "--domain", "tri", "--outer", "1,x,3", "--inner", "1"][..], "--outer: `x` is not a number"),
        (
            &["tessellate", "--domain", "tri", "--outer", "1,2,3", "--inner", "1", "--svg", "/nonexistent/dir/a.svg"][..],
            "--svg /nonexistent/dir/a.svg",
        ),
    ] {
        let out = tesserae(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle) && err.lines().count() == 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}
