#!/usr/bin/env python3
"""Writes `.shader_test` files that render the geometry stages of Khronos Vulkan-Samples'
`shader_object` sample (material_gen_normals, material_pass_sin_offset, material_pass_through,
each with the sample's material_scene.vert and material_normals.frag) from a snapshot of the
repository's `shaders/` directory, for `tesserae-harness bless` then `run` (natively and
translated): an ad-hoc check of shaders nobody here wrote, not corpus tests (the SPIR-V is the
sample's, not vendored here).

Usage: python3 tools/vulkan-samples-geometry.py <Vulkan-Samples>/shaders OUT_DIR
"""
import os
import struct
import sys

shaders, out = sys.argv[1], sys.argv[2]
d = os.path.join(shaders, "shader_object")
IDENTITY = "1 0 0 0  0 1 0 0  0 0 1 0  0 0 0 1"


def hex_words(path):
    data = open(path, "rb").read()
    words = struct.unpack("<%dI" % (len(data) // 4), data)
    return "\n".join(" ".join("%08x" % w for w in words[i:i + 8]) for i in range(0, len(words), 8))


os.makedirs(os.path.join(out, "vks"), exist_ok=True)
for g in ["material_pass_sin_offset", "material_pass_through", "material_gen_normals"]:
    text = f"""# {g}.geom of Khronos Vulkan-Samples (shader_object) with material_scene.vert and material_normals.frag.
[require]
geometry

[vertex shader spirv]
{hex_words(os.path.join(d, 'material_scene.vert.spv'))}

[geometry shader spirv]
{hex_words(os.path.join(d, g + '.geom.spv'))}

[fragment shader spirv]
{hex_words(os.path.join(d, 'material_normals.frag.spv'))}

[vertex buffer 0]
0/float32x3 1/float32x3 2/float32x2
-0.8 -0.8 0.5   0 0 1   0 0
 0.8 -0.8 0.5   0 1 0   1 0
-0.8  0.8 0.5   1 0 0   0 1
 0.8 -0.6 0.3   0.5 0.5 0.7   1 0
 0.8  0.8 0.3   0 0.6 0.8   1 1
-0.6  0.8 0.3   0.7 0 0.7   0 1

[uniform buffer 0 0]
mat4 {IDENTITY}
mat4 {IDENTITY}
mat4 {IDENTITY}

[texture 0 1]
size 2 2
sampler linear clamp
checker 1  0.8 0.2 0.2 1  0.2 0.8 0.2 1

[push constants]
mat4 {IDENTITY}
vec3 0 0 -2
float 0.5
float 0.7
float 0.3

[test]
clear 0 0 0 1
draw triangle-list vertices 6
"""
    with open(os.path.join(out, "vks", g + ".shader_test"), "w") as f:
        f.write(text)
