#!/usr/bin/env python3
"""Per-directory table of a run over Amber files (docs/external-suites.md).

Usage: tools/amber-table.py RUN_DIR [--depth N] [--reasons]
Reads RUN_DIR/rows.jsonl (every row of `tesserae-harness run` / `cargo xtask conformance`)
and prints a Markdown table per top-level directory (or N levels): files, native pass / fail /
skip, translated (wgpu-vulkan) pass / refused / fail / skip; with --reasons, the skip, refusal
and failure reasons, most frequent first (numbers and line numbers folded).
"""
import collections, json, re, sys

REFUSED = "refused by name: "

def fold(m):
    m = re.sub(r"line \d+: ", "", m)
    m = re.sub(r"^\S*\.amber:\d+: ", "", m)
    m = re.sub(r"%\d+", "%N", m)
    return m.splitlines()[0][:120] if m else m

def main():
    args = sys.argv[1:]
    run, depth, reasons = args[0], 1, "--reasons" in args
    if "--depth" in args:
        depth = int(args[args.index("--depth") + 1])
    rows = [json.loads(l) for l in open(f"{run}/rows.jsonl") if l.strip()]
    table = collections.defaultdict(lambda: collections.Counter())
    why = {k: collections.Counter() for k in ("skip", "native-fail", "refused", "translated-fail")}
    tests = collections.defaultdict(set)
    for r in rows:
        d = "/".join(r["test"].split("/")[:depth]) if "/" in r["test"] else "."
        tests[d].add(r["test"])
        ex, st, msg = r["executor"], r["outcome"], r["message"]
        if ex == "native":
            key = {"Pass": "n-pass", "Skip": "n-skip"}.get(st, "n-fail")
            if key == "n-skip": why["skip"][fold(msg)] += 1
            if key == "n-fail": why["native-fail"][fold(msg)] += 1
        elif ex == "wgpu-vulkan":
            if st == "Pass": key = "t-pass"
            elif st == "Skip" and REFUSED in msg: key = "t-refused"; why["refused"][fold(msg.split(REFUSED, 1)[1])] += 1
            elif st == "Skip": key = "t-skip"
            else: key = "t-fail"; why["translated-fail"][fold(msg)] += 1
        else:
            continue
        table[d][key] += 1
    cols = ["n-pass", "n-fail", "n-skip", "t-pass", "t-refused", "t-fail", "t-skip"]
    print("| directory | files | native pass | native fail | skipped | translated pass | refused | translated fail | translated skip |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = collections.Counter()
    for d in sorted(table):
        c = table[d]; total.update(c); total["files"] += len(tests[d])
        print(f"| {d} | {len(tests[d])} | " + " | ".join(str(c[k]) for k in cols) + " |")
    print(f"| **all** | {total['files']} | " + " | ".join(str(total[k]) for k in cols) + " |")
    if reasons:
        for k, c in why.items():
            print(f"\n{k}:")
            for m, n in c.most_common(30):
                print(f"  {n:5}  {m}")

main()
