#!/usr/bin/env python3
"""Extracts the pipelines of Amber (and VkRunner) test files as SPIR-V for `tesserae sweep`.

    tools/extract-amber-shaders.py [--validate] SRC_DIR OUT_DIR

Every `.amber` file under SRC_DIR gives OUT_DIR/<file stem>/<pipeline>.<stage>.spv for each of
its pipelines (`vert`, `tesc`, `tese`, `geom`, `frag`, `comp`), the naming `tesserae sweep`
reads: the stages of one pipeline share a stem, so the sweep sees the pipeline
`<file stem>/<pipeline>`. Shader blocks are

    SHADER <stage> <name> PASSTHROUGH
    SHADER <stage> <name> SPIRV-ASM [TARGET_ENV <env>] ... END   (spirv-as --target-env <env>)
    SHADER <stage> <name> GLSL [TARGET_ENV <env>] ... END        (glslangValidator -V)

and `PIPELINE graphics|compute <name>` ... `END` blocks name theirs with `ATTACH <name>`.
Amber's default target environment is spv1.0. PASSTHROUGH is Amber's vertex shader that hands
its location-0 vec4 to gl_Position. A VkRunner file (`[vertex shader passthrough]`,
`[fragment shader spirv]`, `[compute shader spirv]`, ... sections; the CTS keeps a few with an
.amber name) gives one pipeline, `main`.

With --validate every module also goes through spirv-val for its target environment (Vulkan
1.0 rules for spv1.0..spv1.3 modules: `vulkan1.0`/`vulkan1.1`), and invalid ones are listed.
Prints the number of files, pipelines and modules written, and every block it could not
assemble or compile (the tools' first error line); exit status 1 if there were any.

Needs spirv-as, spirv-val and glslangValidator on PATH; Python 3 standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

PASSTHROUGH_VERTEX = "#version 450\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n"

STAGE_EXT = {
    "vertex": "vert",
    "tessellation_control": "tesc",
    "tessellation_evaluation": "tese",
    "geometry": "geom",
    "fragment": "frag",
    "compute": "comp",
}

# VkRunner section names → Amber's stage names.
VKRUNNER_STAGE = {
    "vertex shader": "vertex",
    "tessellation control shader": "tessellation_control",
    "tessellation evaluation shader": "tessellation_evaluation",
    "geometry shader": "geometry",
    "fragment shader": "fragment",
    "compute shader": "compute",
}

# spirv-val's Vulkan environment for a SPIR-V version (the oldest Vulkan that takes it).
VULKAN_ENV = {"spv1.0": "vulkan1.0", "spv1.1": "vulkan1.1", "spv1.2": "vulkan1.1", "spv1.3": "vulkan1.1",
              "spv1.4": "vulkan1.2", "spv1.5": "vulkan1.2", "spv1.6": "vulkan1.3"}


class Shader:
    def __init__(self, stage, name, fmt, env, text):
        self.stage, self.name, self.fmt, self.env, self.text = stage, name, fmt, env, text


def run(cmd, stdin=None):
    """Runs a tool; returns (ok, first error line)."""
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    message = (p.stderr or p.stdout).strip().splitlines()
    return p.returncode == 0, (message[0] if message else f"exit status {p.returncode}")


def parse_amber(text):
    """(shaders by name, [(pipeline name, [shader names])]) of an Amber script."""
    shaders, pipelines = {}, []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        words = lines[i].split()
        i += 1
        if len(words) >= 4 and words[0] == "SHADER":
            stage, name, fmt = words[1], words[2], words[3]
            env = "spv1.0"
            if "TARGET_ENV" in words:
                at = words.index("TARGET_ENV")
                if at + 1 < len(words):
                    env = words[at + 1]
            body = []
            if fmt != "PASSTHROUGH":
                while i < len(lines) and lines[i].strip() != "END":
                    body.append(lines[i])
                    i += 1
                i += 1  # END
            shaders[name] = Shader(stage, name, fmt, env, "\n".join(body) + "\n")
        elif len(words) >= 3 and words[0] == "PIPELINE":
            name, attached = words[2], []
            while i < len(lines) and lines[i].strip() != "END":
                w = lines[i].split()
                if len(w) >= 2 and w[0] == "ATTACH":
                    attached.append(w[1])
                i += 1
            i += 1
            pipelines.append((name, attached))
    return shaders, pipelines


def parse_vkrunner(text):
    """The shaders of a VkRunner script, as one pipeline `main`."""
    shaders, names = {}, []
    section, body = None, []

    def close():
        if section is None:
            return
        m = re.fullmatch(r"(.+ shader)( spirv| passthrough)?", section)
        if m and m.group(1) in VKRUNNER_STAGE:
            stage = VKRUNNER_STAGE[m.group(1)]
            fmt = {" spirv": "SPIRV-ASM", " passthrough": "PASSTHROUGH", None: "GLSL"}[m.group(2)]
            name = f"{stage}_shader"
            shaders[name] = Shader(stage, name, fmt, "spv1.0", "\n".join(body) + "\n")
            names.append(name)

    for line in text.splitlines():
        m = re.fullmatch(r"\[(.+)\]\s*", line)
        if m:
            close()
            section, body = m.group(1), []
        elif section is not None:
            body.append(line)
    close()
    return shaders, [("main", names)] if names else []


def build(shader, out_path, tmp):
    """Writes one shader's module; returns None or the error."""
    if shader.fmt == "PASSTHROUGH":
        source = os.path.join(tmp, "passthrough.vert")
        with open(source, "w") as f:
            f.write(PASSTHROUGH_VERTEX)
        ok, err = run(["glslangValidator", "-V", "--target-env", "vulkan1.0", "-o", out_path, source])
    elif shader.fmt == "SPIRV-ASM":
        source = os.path.join(tmp, "shader.spvasm")
        with open(source, "w") as f:
            f.write(shader.text)
        ok, err = run(["spirv-as", "--target-env", shader.env, "-o", out_path, source])
    elif shader.fmt == "GLSL":
        source = os.path.join(tmp, "shader." + STAGE_EXT[shader.stage])
        with open(source, "w") as f:
            f.write(shader.text)
        env = VULKAN_ENV.get(shader.env, "vulkan1.0")
        ok, err = run(["glslangValidator", "-V", "--target-env", env, "-o", out_path, source])
    else:
        return f"shader format {shader.fmt} not handled"
    return None if ok else err


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--validate", action="store_true", help="run spirv-val on every module")
    args = ap.parse_args()

    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(args.src) for f in fs if f.endswith(".amber"))
    errors, invalid = [], []
    pipelines_written = modules_written = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            stem = os.path.splitext(os.path.relpath(path, args.src))[0]
            is_vkrunner = re.search(r"^\[(vertex|fragment|compute) shader", text, re.M) is not None
            shaders, pipelines = (parse_vkrunner if is_vkrunner else parse_amber)(text)
            for pipeline, attached in pipelines:
                ok = True
                written = []
                for shader_name in attached:
                    shader = shaders.get(shader_name)
                    if shader is None or shader.stage not in STAGE_EXT:
                        errors.append(f"{stem}/{pipeline}: shader {shader_name} not found or of an unknown stage")
                        ok = False
                        continue
                    out = os.path.join(args.out, stem, f"{pipeline}.{STAGE_EXT[shader.stage]}.spv")
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    err = build(shader, out, tmp)
                    if err:
                        errors.append(f"{stem}/{pipeline}: {shader_name}: {err}")
                        ok = False
                        continue
                    written.append(out)
                    modules_written += 1
                    if args.validate:
                        env = VULKAN_ENV.get(shader.env, "vulkan1.0")
                        valid, message = run(["spirv-val", "--target-env", env, out])
                        if not valid:
                            invalid.append(f"{stem}/{pipeline}: {shader_name}: {message}")
                if ok and written:
                    pipelines_written += 1
    print(f"{len(files)} files, {pipelines_written} pipelines, {modules_written} modules written to {args.out}")
    for e in errors:
        print(f"not built: {e}")
    if args.validate:
        print(f"{len(invalid)} modules spirv-val rejects")
        for e in invalid:
            print(f"invalid: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
