#!/usr/bin/env python3
"""Writes corpus/geom/*.shader_test: geometry-stage tests whose probes are computed here from the
spec, not read from any driver.

Each test lists what the geometry stage must emit, in API order (input primitive, then
invocation, then emission order), as shapes in normalized device coordinates: triangles (flat, or
with per-vertex colours interpolated linearly: every test keeps w = 1, so perspective-correct and
screen-linear interpolation agree), axis-aligned line segments through pixel centres, and points
at pixel centres. The oracle rasterizes them on the 64x64 target (pixel = (ndc + 1) * 32, Vulkan's
y pointing down): a probe on a 4-pixel grid takes the colour of the last shape covering the pixel
centre (or the blend or depth result where the test says so), or the clear colour; pixels within
1 px of a triangle edge, 1.5 px of a line or 2 px of a point are not probed (edge rules are the
rasterizer's, not the geometry stage's). Lines and points add probes on the pixels they cover.

Usage: python3 tools/geom-corpus.py [corpus/geom]
"""
import math
import os
import sys

W = H = 64
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "corpus", "geom")


def palette(i):
    """The GLSL `palette(i)` below: seven non-black colours."""
    k = i % 7 + 1
    return (k & 1, (k >> 1) & 1, (k >> 2) & 1)


PALETTE_GLSL = "vec3 palette(int i) { int k = i % 7 + 1; return vec3(k & 1, (k >> 1) & 1, (k >> 2) & 1); }"

VS = """#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in vec3 color;
layout(location = 0) out vec3 v_color;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    v_color = color;
}"""

VS_INSTANCED = """#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in vec3 color;
layout(location = 0) out vec3 v_color;
void main() {
    gl_Position = vec4(pos + vec2(0.0, 0.5 * float(gl_InstanceIndex)), 0.0, 1.0);
    v_color = color;
}"""

FS = """#version 450
layout(location = 0) in vec3 g_color;
layout(location = 0) out vec4 frag;
void main() {
    frag = vec4(g_color, 1.0);
}"""


def pxc(x, y):
    return ((x + 1) * W / 2, (y + 1) * H / 2)


def ndc_of_pixel(px, py):
    """NDC of the centre of pixel (px, py)."""
    return ((px + 0.5) * 2 / W - 1, (py + 0.5) * 2 / H - 1)


def seg_dist(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    t = 0 if l2 == 0 else max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / l2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def barycentric(p, a, b, c):
    det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    if det == 0:
        return None
    l0 = ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / det
    l1 = ((c[1] - a[1]) * (p[0] - c[0]) + (a[0] - c[0]) * (p[1] - c[1])) / det
    return (l0, l1, 1 - l0 - l1)


class Tri:
    def __init__(self, pts, col, cols=None, depth=0.0, alpha=1.0):
        self.p = [pxc(*q) for q in pts]
        self.col, self.cols, self.depth, self.alpha = col, cols, depth, alpha
        # An edge shared with the other half of a flat quad: its pixels are the quad's either way.
        self.inner = None

    def near(self, c):
        return any(seg_dist(c, self.p[i], self.p[(i + 1) % 3]) < 1.0 for i in range(3) if i != self.inner)

    def colour_at(self, c):
        l = barycentric(c, *self.p)
        if l is None or min(l) < 0:
            return None
        if self.cols is None:
            return self.col
        return tuple(sum(l[k] * self.cols[k][j] for k in range(3)) for j in range(3))


def quad(x0, y0, x1, y1, col, **kw):
    tris = [Tri([(x0, y0), (x1, y0), (x0, y1)], col, **kw), Tri([(x1, y0), (x0, y1), (x1, y1)], col, **kw)]
    tris[0].inner, tris[1].inner = 1, 0
    # Its centre pixel is probed too (a quad narrower than the grid's step may have no grid probe).
    tris[0].centre = pxc((x0 + x1) / 2, (y0 + y1) / 2)
    return tris


class Line:
    """An axis-aligned segment through pixel centres, from pixel a to pixel b (inclusive of
    the interior; the end pixels are the rasterizer's choice and not probed)."""

    def __init__(self, a, b, col):
        self.a, self.b, self.col = a, b, col

    def pixels(self):
        (ax, ay), (bx, by) = self.a, self.b
        if ay == by:
            return [(x, ay) for x in range(min(ax, bx) + 1, max(ax, bx))]
        return [(ax, y) for y in range(min(ay, by) + 1, max(ay, by))]

    def near(self, c):
        a = (self.a[0] + 0.5, self.a[1] + 0.5)
        b = (self.b[0] + 0.5, self.b[1] + 0.5)
        return seg_dist(c, a, b) < 1.5

    def colour_at(self, c):
        return None


class Keepout:
    """A segment drawn but not probed (a diagonal line): only keeps probes 1.5 px away."""

    def __init__(self, a, b):
        self.a, self.b = pxc(*a), pxc(*b)

    def near(self, c):
        return seg_dist(c, self.a, self.b) < 1.5

    def colour_at(self, c):
        return None


class Point:
    def __init__(self, px, py, col):
        self.px, self.py, self.col = px, py, col

    def pixels(self):
        return [(self.px, self.py)]

    def near(self, c):
        return math.hypot(c[0] - self.px - 0.5, c[1] - self.py - 0.5) < 2.0

    def colour_at(self, c):
        return None


def fmt(v):
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"


def probes(shapes, clear=(0, 0, 0), mode="last"):
    lines = []
    grid = [(gx, gy) for gy in range(2, H, 4) for gx in range(2, W, 4)]
    centres = [(int(s.centre[0]), int(s.centre[1])) for s in shapes if getattr(s, "centre", None)]
    for (gx, gy) in grid + [c for c in dict.fromkeys(centres) if c not in grid]:
        c = (gx + 0.5, gy + 0.5)
        if any(s.near(c) for s in shapes):
            continue
        col = clear
        best = None
        for s in shapes:
            got = s.colour_at(c)
            if got is None:
                continue
            if mode == "last":
                col = got
            elif mode == "depth-less":
                if best is None or s.depth < best:
                    best, col = s.depth, got
            elif mode == "alpha":
                a = s.alpha
                col = tuple(got[j] * a + col[j] * (1 - a) for j in range(3))
        lines.append(f"probe rgb {gx} {gy} {' '.join(fmt(v) for v in col)}")
    for s in shapes:
        if isinstance(s, (Line, Point)):
            for (x, y) in s.pixels():
                # A later triangle may cover it; lines and points here never overlap triangles.
                lines.append(f"probe rgb {x} {y} {' '.join(fmt(v) for v in s.col)}")
    return lines


TESTS = []


def test(name, what, gs, draw, vertices, expect, vs=VS, fs=FS, require=(), extra="", index=None, mode="last", directives=(),
         tolerances=(), gs_header="[geometry shader]"):
    TESTS.append(dict(name=name, what=what, gs=gs, draw=draw, vertices=vertices, expect=expect, vs=vs, fs=fs,
                      require=require, extra=extra, index=index, mode=mode, directives=directives, tolerances=tolerances,
                      gs_header=gs_header))


GL_LINE_ENDS = ("tolerance on wgpu-gl* channel 0 edge-pixels 4% reason GL's diamond-exit rule draws a line's last pixel where "
                "lavapipe draws its first (both allowed; the probes leave line ends out): measured 6 of 162 edge pixels, "
                "3.70%, the two end pixels of each of the three lines")


def gl_rounding(n):
    return (f"tolerance on wgpu-gl* channel 1 pixels 0% reason llvmpipe's GL rounds some interpolated colours one step "
            f"(1/255) from lavapipe's Vulkan (measured: {n} of 4096 pixels, by 1)")


def vbuf(rows):
    out = ["0/float32x2 1/float32x3"]
    for (x, y), (r, g, b) in rows:
        out.append(f"{fmt(x)} {fmt(y)}   {fmt(r)} {fmt(g)} {fmt(b)}")
    return "\n".join(out)


def gs_src(layout_in, layout_out, body, decls=""):
    return f"""#version 450
layout({layout_in}) in;
layout({layout_out}) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out vec3 g_color;
{decls}
void main() {{
{body}
}}"""


RED, GREEN, BLUE, YELLOW, WHITE = (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 1, 1)
P = ndc_of_pixel

# --- points in ----------------------------------------------------------------------------------
pts = [((-0.5, -0.5), RED), ((0.5, -0.5), GREEN), ((0.0, 0.5), BLUE)]
test("points-out", "each point emitted as two points, the second 4 px to the right",
     gs_src("points", "points, max_vertices = 2", """    for (int i = 0; i < 2; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(0.125 * float(i), 0.0, 0.0, 0.0);
        g_color = v_color[0];
        EmitVertex();
    }"""),
     "draw point-list vertices 4",
     [(P(10, 10), RED), (P(40, 12), GREEN), (P(20, 50), BLUE), (P(50, 40), YELLOW)],
     [Point(x, y, c) for (x, y, c) in [(10, 10, RED), (14, 10, RED), (40, 12, GREEN), (44, 12, GREEN), (20, 50, BLUE), (24, 50, BLUE), (50, 40, YELLOW), (54, 40, YELLOW)]])

test("points-to-lines", "each point emitted as a horizontal line 16 px long (a 2-vertex line strip)",
     gs_src("points", "line_strip, max_vertices = 2", """    gl_Position = gl_in[0].gl_Position;
    g_color = v_color[0];
    EmitVertex();
    gl_Position = gl_in[0].gl_Position + vec4(0.5, 0.0, 0.0, 0.0);
    EmitVertex();
    EndPrimitive();"""),
     "draw point-list vertices 3",
     [(P(8, 10), RED), (P(30, 30), GREEN), (P(12, 50), BLUE)],
     [Line((8, 10), (24, 10), RED), Line((30, 30), (46, 30), GREEN), Line((12, 50), (28, 50), BLUE)],
     tolerances=[GL_LINE_ENDS])

test("points-to-quads-instanced", "each point of two instances (the second moved 16 px down) becomes a quad",
     gs_src("points", "triangle_strip, max_vertices = 4", """    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.25 - 0.125, 0.0, 0.0);
        g_color = v_color[0];
        EmitVertex();
    }"""),
     "draw point-list vertices 2 instances 2",
     [((-0.5, -0.5), RED), ((0.5, -0.75), GREEN)],
     quad(-0.625, -0.625, -0.375, -0.375, RED) + quad(0.375, -0.875, 0.625, -0.625, GREEN)
     + quad(-0.625, -0.125, -0.375, 0.125, RED) + quad(0.375, -0.375, 0.625, -0.125, GREEN),
     vs=VS_INSTANCED)

# --- lines in -----------------------------------------------------------------------------------
LINE_TO_RECT = gs_src("lines", "triangle_strip, max_vertices = 4", """    // A rectangle 0.125 high around the segment, coloured by the primitive's index.
    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[i >> 1].gl_Position + vec4(0.0, (i & 1) == 0 ? -0.0625 : 0.0625, 0.0, 0.0);
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL)


def seg_rects(segs):
    out = []
    for i, ((x0, y), (x1, _)) in enumerate(segs):
        out += quad(min(x0, x1), y - 0.0625, max(x0, x1), y + 0.0625, palette(i))
    return out


test("line-list-in", "each line of a list becomes a rectangle around it, coloured by gl_PrimitiveIDIn",
     LINE_TO_RECT, "draw line-list vertices 6",
     [((-0.75, -0.5), RED), ((0.25, -0.5), RED), ((-0.5, 0.0), RED), ((0.75, 0.0), RED), ((-0.25, 0.5), RED), ((0.5, 0.5), RED)],
     seg_rects([((-0.75, -0.5), (0.25, -0.5)), ((-0.5, 0.0), (0.75, 0.0)), ((-0.25, 0.5), (0.5, 0.5))]))

strip_pts = [(-0.75, -0.75), (0.5, -0.75), (0.5, -0.25), (-0.5, -0.25), (-0.5, 0.5), (0.75, 0.5)]
# Only the horizontal segments are drawn wide; vertical ones become zero-width rectangles (nothing).
test("line-strip-in", "a line strip's segments, each a rectangle around it (vertical ones have no area), coloured by gl_PrimitiveIDIn",
     LINE_TO_RECT, "draw line-strip vertices 6",
     [(p, RED) for p in strip_pts],
     [t for i in range(5) for t in (quad(min(strip_pts[i][0], strip_pts[i + 1][0]), strip_pts[i][1] - 0.0625,
                                         max(strip_pts[i][0], strip_pts[i + 1][0]), strip_pts[i][1] + 0.0625, palette(i))
                                    if strip_pts[i][1] == strip_pts[i + 1][1] else [])])

r_pts = [(-0.75, -0.75), (0.0, -0.75), (0.0, -0.25), (0.75, -0.25), (-0.75, 0.25), (0.0, 0.25), (0.0, 0.75), (0.75, 0.75)]
test("line-strip-restart", "two indexed line strips split by the restart index: the segment across the restart is not a primitive",
     LINE_TO_RECT, "draw-indexed line-strip indices 9",
     [(p, RED) for p in r_pts],
     # The draw's primitives are (0 1) (1 2) (2 3) (4 5) (5 6) (6 7): windows holding the restart index
     # are none, and gl_PrimitiveIDIn counts primitives (0-5); the horizontal ones are 0, 2, 3, 5.
     [t for i, (a, b) in [(0, (0, 1)), (2, (2, 3)), (3, (4, 5)), (5, (6, 7))]
      for t in quad(r_pts[a][0], r_pts[a][1] - 0.0625, r_pts[b][0], r_pts[a][1] + 0.0625, palette(i))],
     index="[index buffer u16]\n0 1 2 3 restart 4 5 6 7")

# --- triangles in -------------------------------------------------------------------------------
tri_list = [[(-0.875, -0.875), (-0.125, -0.875), (-0.875, -0.125)], [(0.125, -0.875), (0.875, -0.875), (0.875, -0.125)],
            [(-0.875, 0.125), (-0.125, 0.875), (-0.875, 0.875)], [(0.125, 0.875), (0.875, 0.125), (0.875, 0.875)]]
test("triangle-list-in", "each triangle passed through, flat in the colour of gl_PrimitiveIDIn",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 12",
     [(p, RED) for t in tri_list for p in t],
     [Tri(t, palette(i)) for i, t in enumerate(tri_list)])

test("triangle-list-smooth", "each triangle passed through with its vertices' colours, interpolated",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = v_color[i];
        EmitVertex();
    }"""), "draw triangle-list vertices 6",
     [((-0.875, -0.875), RED), ((0.875, -0.875), GREEN), ((-0.875, 0.875), BLUE),
      ((0.875, -0.75), YELLOW), ((0.875, 0.875), (0, 1, 1)), ((-0.75, 0.875), WHITE)],
     [Tri([(-0.875, -0.875), (0.875, -0.875), (-0.875, 0.875)], None, cols=[RED, GREEN, BLUE]),
      Tri([(0.875, -0.75), (0.875, 0.875), (-0.75, 0.875)], None, cols=[YELLOW, (0, 1, 1), WHITE])],
     tolerances=[gl_rounding(28)])

MARKER = gs_src("triangles", "triangle_strip, max_vertices = 4", """    // A 0.125-wide square at 0.5 gl_in[1] + 0.25 (gl_in[0] + gl_in[2]): where it lies shows the
    // order of the primitive's vertices.
    vec4 c = 0.5 * gl_in[1].gl_Position + 0.25 * (gl_in[0].gl_Position + gl_in[2].gl_Position);
    for (int i = 0; i < 4; i++) {
        gl_Position = c + vec4(vec2(i & 1, i >> 1) * 0.125 - 0.0625, 0.0, 0.0);
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL)


def marker_shapes(verts, triangles):
    shapes = []
    for prim, (a, b, c) in triangles:
        cx = 0.5 * verts[b][0] + 0.25 * (verts[a][0] + verts[c][0])
        cy = 0.5 * verts[b][1] + 0.25 * (verts[a][1] + verts[c][1])
        shapes += quad(cx - 0.0625, cy - 0.0625, cx + 0.0625, cy + 0.0625, palette(prim))
    return shapes


sv = [(-0.75, 0.5), (-0.5, -0.5), (-0.25, 0.5), (0.0, -0.5), (0.25, 0.5), (0.5, -0.5)]
st = [(i, (i, i + 1, i + 2) if i % 2 == 0 else (i, i + 2, i + 1)) for i in range(4)]
test("triangle-strip-in", "a triangle strip's triangles, each marked by a square at 0.5 v1 + 0.25 (v0 + v2) of its vertices as the geometry stage receives them (odd triangles (i, i+2, i+1))",
     MARKER, "draw triangle-strip vertices 6", [(p, RED) for p in sv], marker_shapes(sv, st))

rv = [(-0.75, -0.125), (-0.5, -0.875), (-0.25, -0.125), (0.0, -0.875), (-0.75, 0.875), (-0.5, 0.125), (-0.25, 0.875), (0.0, 0.125), (0.25, 0.875)]
# indices 0 1 2 3 R 4 5 6 7 8: windows of 3 positions 0..7; those holding the restart (2, 3, 4) are no
# primitives, so gl_PrimitiveIDIn numbers the others 0-4; window 5 starts a run: (4, 5, 6) even, (5, 7, 6)
# odd, (6, 7, 8) even.
rt = [(0, (0, 1, 2)), (1, (1, 3, 2)), (2, (4, 5, 6)), (3, (5, 7, 6)), (4, (6, 7, 8))]
test("triangle-strip-restart", "two indexed triangle strips split by the restart index, each triangle marked as in triangle-strip-in: the parity restarts after the restart index",
     MARKER, "draw-indexed triangle-strip indices 10", [(p, RED) for p in rv], marker_shapes(rv, rt),
     index="[index buffer u16]\n0 1 2 3 restart 4 5 6 7 8")


# --- strips and amplification --------------------------------------------------------------------
one_point = [((0.0, 0.0), RED)]
test("subdivide", "one triangle becomes its four midpoint subtriangles, each its own strip in the colour of its index",
     gs_src("triangles", "triangle_strip, max_vertices = 12", """    vec4 a = gl_in[0].gl_Position, b = gl_in[1].gl_Position, c = gl_in[2].gl_Position;
    vec4 ab = 0.5 * (a + b), bc = 0.5 * (b + c), ca = 0.5 * (c + a);
    vec4 t[12] = vec4[12](a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca);
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 3; i++) {
            gl_Position = t[3 * k + i];
            g_color = palette(k);
            EmitVertex();
        }
        EndPrimitive();
    }""", PALETTE_GLSL), "draw triangle-list vertices 3",
     [((-0.875, -0.875), RED), ((0.875, -0.875), RED), ((-0.875, 0.875), RED)],
     [Tri(t, palette(k)) for k, t in enumerate([
         [(-0.875, -0.875), (0.0, -0.875), (-0.875, 0.0)], [(0.0, -0.875), (0.875, -0.875), (0.0, 0.0)],
         [(-0.875, 0.0), (0.0, 0.0), (-0.875, 0.875)], [(0.0, -0.875), (0.0, 0.0), (-0.875, 0.0)]])])

TWO_QUADS = """    for (int q = 0; q < 2; q++) {
        for (int i = 0; i < 4; i++) {
            gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.5 + vec2(q == 0 ? -0.75 : 0.25, -0.25), 0.0, 0.0);
            g_color = palette(q);
            EmitVertex();
        }
        %s
    }"""
test("end-primitive-splits", "eight vertices as two 4-vertex strips split by EndPrimitive: two quads and nothing between them",
     gs_src("points", "triangle_strip, max_vertices = 8", TWO_QUADS % "EndPrimitive();", PALETTE_GLSL), "draw point-list vertices 1",
     one_point, quad(-0.75, -0.25, -0.25, 0.25, palette(0)) + quad(0.25, -0.25, 0.75, 0.25, palette(1)))

eight = [(-0.75 + 0.5 * (i & 1) + (0 if i < 4 else 1.0), -0.25 + 0.5 * ((i >> 1) & 1)) for i in range(8)]
test("strip-without-end", "the same eight vertices without EndPrimitive: one strip of six triangles, the two between the quads included (flat colours: each triangle takes its provoking, first, vertex's)",
     gs_src("points", "triangle_strip, max_vertices = 8", TWO_QUADS.replace("g_color = palette(q);", "g_color = palette(q);") % "", PALETTE_GLSL).replace("layout(location = 0) out vec3 g_color;", "layout(location = 0) flat out vec3 g_color;"),
     "draw point-list vertices 1", one_point,
     [Tri([eight[i], eight[i + 1], eight[i + 2]], palette(0 if i < 4 else 1)) for i in range(6)],
     fs=FS.replace("layout(location = 0) in vec3 g_color;", "layout(location = 0) flat in vec3 g_color;"))

test("short-strips", "strips of two vertices and of one vertex draw nothing; the quad after them does",
     gs_src("points", "triangle_strip, max_vertices = 7", """    g_color = vec3(1.0, 0.0, 0.0);
    gl_Position = vec4(-0.9, -0.9, 0.0, 1.0); EmitVertex();
    gl_Position = vec4(0.9, -0.9, 0.0, 1.0); EmitVertex();
    EndPrimitive();
    gl_Position = vec4(-0.9, 0.9, 0.0, 1.0); EmitVertex();
    EndPrimitive();
    g_color = vec3(0.0, 1.0, 0.0);
    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);
        EmitVertex();
    }"""), "draw point-list vertices 1", one_point, quad(-0.25, -0.25, 0.25, 0.25, GREEN))

test("cull-odd-primitives", "a geometry stage that emits nothing for odd gl_PrimitiveIDIn: only triangles 0 and 2 are drawn",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    if ((gl_PrimitiveIDIn & 1) == 1) {
        return;
    }
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 12",
     [(p, RED) for t in tri_list for p in t],
     [Tri(t, palette(i)) for i, t in enumerate(tri_list) if i % 2 == 0])

rt_tri = [P(8, 40), P(40, 40), P(8, 8)]
test("triangles-to-lines", "a triangle's outline as a closed 4-vertex line strip (its horizontal and vertical edges probed; the diagonal is left out)",
     gs_src("triangles", "line_strip, max_vertices = 4", """    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[i % 3].gl_Position;
        g_color = v_color[0];
        EmitVertex();
    }"""), "draw triangle-list vertices 3", [(p, GREEN) for p in rt_tri],
     [Line((8, 40), (40, 40), GREEN), Line((8, 8), (8, 40), GREEN), Keepout(rt_tri[1], rt_tri[2])],
     tolerances=["tolerance on wgpu-gl* channel 0 edge-pixels 1% reason GL rasterizes lines with the diamond-exit rule, Vulkan on "
                 "lavapipe with Bresenham: a line end moves (both allowed; measured on lavapipe/llvmpipe (Mesa 22.3.6): 1 of 343 edge "
                 "pixels, 0.29%)"])

test("triangles-to-points", "each triangle's three vertices as points (vertices at pixel centres)",
     gs_src("triangles", "points, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = v_color[i];
        EmitVertex();
    }"""), "draw triangle-list vertices 6",
     [(P(6, 6), RED), (P(30, 6), GREEN), (P(6, 30), BLUE), (P(40, 40), YELLOW), (P(56, 40), WHITE), (P(40, 56), (0, 1, 1))],
     [Point(6, 6, RED), Point(30, 6, GREEN), Point(6, 30, BLUE), Point(40, 40, YELLOW), Point(56, 40, WHITE), Point(40, 56, (0, 1, 1))])

# --- invocations -----------------------------------------------------------------------------------
def invocation_quads(n, cols=8, size=0.125, step=0.25, origin=(-0.875, -0.875)):
    return gs_src("points", "triangle_strip, max_vertices = 4", f"""    vec2 o = vec2({origin[0]}, {origin[1]}) + vec2(gl_InvocationID % {cols}, gl_InvocationID / {cols}) * {step};
    for (int i = 0; i < 4; i++) {{
        gl_Position = vec4(o + vec2(i & 1, i >> 1) * {size}, 0.0, 1.0);
        g_color = palette(gl_InvocationID);
        EmitVertex();
    }}""", PALETTE_GLSL).replace("layout(points) in;", f"layout(points, invocations = {n}) in;")


def invocation_shapes(n, cols=8, size=0.125, step=0.25, origin=(-0.875, -0.875)):
    out = []
    for k in range(n):
        x, y = origin[0] + (k % cols) * step, origin[1] + (k // cols) * step
        out += quad(x, y, x + size, y + size, palette(k))
    return out


for n in (2, 4, 32):
    test(f"invocations-{n}", f"{n} invocations of the geometry stage for one point, each drawing a quad placed and coloured by gl_InvocationID",
         invocation_quads(n), "draw point-list vertices 1", one_point, invocation_shapes(n))

test("invocation-order", "three invocations drawing overlapping quads, each 0.125 right of and below the last: later invocations are drawn over earlier ones (API order)",
     invocation_quads(3, cols=1, size=0.5, step=0.125, origin=(-0.5, -0.5)).replace(
         "vec2(gl_InvocationID % 1, gl_InvocationID / 1) * 0.125", "vec2(gl_InvocationID) * 0.125"),
     "draw point-list vertices 1", one_point,
     [t for k in range(3) for t in quad(-0.5 + 0.125 * k, -0.5 + 0.125 * k, 0.0 + 0.125 * k, 0.0 + 0.125 * k, palette(k))])

ORDER_GS = gs_src("points, invocations = 2", "triangle_strip, max_vertices = 4", """    // Quads 0.5 wide, 0.125 apart: the invocation's index within the whole draw is 2 * primitive + invocation.
    float k = float(2 * gl_PrimitiveIDIn + gl_InvocationID);
    for (int i = 0; i < 4; i++) {
        gl_Position = vec4(vec2(-0.5) + vec2(k * 0.125) + vec2(i & 1, i >> 1) * 0.5, 0.0, 1.0);
        g_color = palette(2 * gl_PrimitiveIDIn + gl_InvocationID);
        EmitVertex();
    }""", PALETTE_GLSL)
test("primitive-order", "two points × two invocations drawing overlapping quads: primitive 0's invocations 0 and 1, then primitive 1's, each over the ones before",
     ORDER_GS, "draw point-list vertices 2", [((0.0, 0.0), RED), ((0.0, 0.0), RED)],
     [t for k in range(4) for t in quad(-0.5 + 0.125 * k, -0.5 + 0.125 * k, 0.125 * k, 0.125 * k, palette(k))])

test("invocations-primitive-id", "two triangles × three invocations, each a copy moved by the invocation and coloured by primitive and invocation",
     gs_src("triangles, invocations = 3", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position + vec4(0.5 * float(gl_InvocationID), 0.0, 0.0, 0.0);
        g_color = palette(3 * gl_PrimitiveIDIn + gl_InvocationID);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 6",
     [((-0.875, -0.875), RED), ((-0.5, -0.875), RED), ((-0.875, -0.5), RED), ((-0.875, 0.125), RED), ((-0.5, 0.125), RED), ((-0.875, 0.5), RED)],
     [Tri([(x + 0.5 * inv, y) for (x, y) in t], palette(3 * prim + inv))
      for prim, t in enumerate([[(-0.875, -0.875), (-0.5, -0.875), (-0.875, -0.5)], [(-0.875, 0.125), (-0.5, 0.125), (-0.875, 0.5)]])
      for inv in range(3)])

# --- output vertex limit: 256 vertices of 4 components (lavapipe's maxGeometryTotalOutputComponents: 1024) ----
test("max-vertices-256", "256 points from one invocation (a 16 x 16 grid at pixel centres 4 px apart): max_vertices = 256 with only gl_Position written is 1,024 output components, the device limit",
     """#version 450
layout(points) in;
layout(points, max_vertices = 256) out;
void main() {
    for (int i = 0; i < 256; i++) {
        gl_Position = vec4((vec2(i % 16, i / 16) * 4.0 + 2.5) / 32.0 - 1.0, 0.0, 1.0);
        EmitVertex();
    }
}""", "draw point-list vertices 1", one_point,
     [Point(2 + 4 * (i % 16), 2 + 4 * (i // 16), WHITE) for i in range(256)],
     fs="#version 450\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    frag = vec4(1.0);\n}")

# --- resources in the geometry stage ------------------------------------------------------------
QUAD_AT = """    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(%s, 0.0, 0.0);
        g_color = %s;
        EmitVertex();
    }"""
test("uniform-buffer", "the geometry stage reads a uniform block: each point's quad moved by its offset, in its colour",
     gs_src("points", "triangle_strip, max_vertices = 4", QUAD_AT % ("u.offset.xy + vec2(i & 1, i >> 1) * 0.25 - 0.125", "u.color.rgb"),
            "layout(set = 0, binding = 0) uniform U { vec4 offset; vec4 color; } u;"),
     "draw point-list vertices 2", [((-0.5, -0.5), RED), ((0.25, 0.0), RED)],
     quad(-0.375, -0.125, -0.125, 0.125, (0, 1, 1)) + quad(0.375, 0.375, 0.625, 0.625, (0, 1, 1)),
     extra="[uniform buffer 0 0]\nvec4 0.25 0.5 0 0\nvec4 0 1 1 0")

test("storage-buffer", "the geometry stage reads a storage buffer: each point's quad in the colour at its gl_PrimitiveIDIn",
     gs_src("points", "triangle_strip, max_vertices = 4", QUAD_AT % ("vec2(i & 1, i >> 1) * 0.25 - 0.125", "s.colors[gl_PrimitiveIDIn].rgb"),
            "layout(set = 0, binding = 1, std430) readonly buffer S { vec4 colors[3]; } s;"),
     "draw point-list vertices 3", [((-0.5, -0.5), RED), ((0.5, -0.5), RED), ((0.0, 0.5), RED)],
     quad(-0.625, -0.625, -0.375, -0.375, (1, 1, 0)) + quad(0.375, -0.625, 0.625, -0.375, (1, 0, 1)) + quad(-0.125, 0.375, 0.125, 0.625, (0, 1, 1)),
     extra="[storage buffer 0 1]\nvec4[3] 1 1 0 1  1 0 1 1  0 1 1 1")

test("push-constants", "the geometry stage reads push constants: each point's quad sized by them",
     gs_src("points", "triangle_strip, max_vertices = 4", QUAD_AT % ("(vec2(i & 1, i >> 1) - 0.5) * pc.size", "v_color[0]"),
            "layout(push_constant) uniform PC { vec2 size; } pc;"),
     "draw point-list vertices 2", [((-0.5, -0.5), RED), ((0.5, 0.25), GREEN)],
     quad(-0.75, -0.625, -0.25, -0.375, RED) + quad(0.25, 0.125, 0.75, 0.375, GREEN),
     extra="[push constants]\nvec2 0.5 0.25")

# --- clip and cull distances written by the geometry stage ---------------------------------------
test("clip-distance", "the geometry stage writes gl_ClipDistance[0] = x + 0.25: its quads are clipped at x = -0.25",
     gs_src("points", "triangle_strip, max_vertices = 4", """    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * vec2(1.5, 0.25) - vec2(0.75, 0.125), 0.0, 0.0);
        gl_ClipDistance[0] = gl_Position.x + 0.25;
        g_color = v_color[0];
        EmitVertex();
    }"""), "draw point-list vertices 2", [((0.0, -0.5), RED), ((0.0, 0.5), GREEN)],
     quad(-0.25, -0.625, 0.75, -0.375, RED) + quad(-0.25, 0.375, 0.75, 0.625, GREEN), require=["clip-distances 1"])

test("cull-distance", "the geometry stage writes gl_CullDistance[0] = -1 at every vertex of odd primitives (culled) and -1 at only the first vertex of even ones (kept)",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        gl_CullDistance[0] = ((gl_PrimitiveIDIn & 1) == 1 || i == 0) ? -1.0 : 1.0;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 12",
     [(p, RED) for t in tri_list for p in t],
     [Tri(t, palette(i)) for i, t in enumerate(tri_list) if i % 2 == 0], require=["cull-distances 1"])

# --- varyings ------------------------------------------------------------------------------------
sq = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]
test("flat-strip", "a 4-vertex strip with a flat colour per vertex: each triangle takes its first vertex's (Vulkan's provoking vertex: v0 for (v0, v1, v2), v1 for (v1, v3, v2))",
     """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) flat out vec3 g_color;
void main() {
    vec3 colors[4] = vec3[4](vec3(1, 0, 0), vec3(0, 1, 0), vec3(0, 0, 1), vec3(1, 1, 0));
    for (int i = 0; i < 4; i++) {
        gl_Position = vec4(vec2(i & 1, i >> 1) - 0.5, 0.0, 1.0);
        g_color = colors[i];
        EmitVertex();
    }
}""", "draw point-list vertices 1", one_point,
     [Tri([sq[0], sq[1], sq[2]], RED), Tri([sq[1], sq[3], sq[2]], GREEN)],
     fs=FS.replace("layout(location = 0) in vec3 g_color;", "layout(location = 0) flat in vec3 g_color;"))

test("int-varying", "an integer varying (flat) from the geometry stage picks each quad's colour in the fragment stage",
     """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 2) flat out int g_index;
void main() {
    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.25 - 0.125, 0.0, 0.0);
        g_index = gl_PrimitiveIDIn + 3;
        EmitVertex();
    }
}""", "draw point-list vertices 2", [((-0.5, 0.0), RED), ((0.5, 0.0), RED)],
     quad(-0.625, -0.125, -0.375, 0.125, palette(3)) + quad(0.375, -0.125, 0.625, 0.125, palette(4)),
     fs="#version 450\nlayout(location = 2) flat in int g_index;\nlayout(location = 0) out vec4 frag;\n" + PALETTE_GLSL + "\nvoid main() {\n    frag = vec4(palette(g_index), 1.0);\n}")

test("block-output", "the geometry stage's varyings in an output block (colour, scale), read as a block by the fragment stage",
     """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out Gs { vec3 color; float scale; } g;
void main() {
    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);
        g.color = v_color[0];
        g.scale = gl_PrimitiveIDIn == 0 ? 1.0 : 0.25;
        EmitVertex();
    }
}""", "draw point-list vertices 2", [((-0.5, 0.0), WHITE), ((0.5, 0.0), (0, 1, 1))],
     quad(-0.75, -0.25, -0.25, 0.25, WHITE) + quad(0.25, -0.25, 0.75, 0.25, (0, 0.25, 0.25)),
     fs="#version 450\nlayout(location = 0) in Gs { vec3 color; float scale; } g;\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    frag = vec4(g.color * g.scale, 1.0);\n}")

test("varyings-several-locations", "three varyings at locations 0, 1 and 3 (red, green and blue channels) from the geometry stage",
     """#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out float g_r;
layout(location = 1) out vec2 g_g;
layout(location = 3) flat out uint g_b;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_r = v_color[i].r;
        g_g = vec2(0.0, v_color[i].g);
        g_b = uint(v_color[0].b * 4.0);
        EmitVertex();
    }
}""", "draw triangle-list vertices 3", [((-0.875, -0.875), RED), ((0.875, -0.875), GREEN), ((-0.875, 0.875), BLUE)],
     [Tri([(-0.875, -0.875), (0.875, -0.875), (-0.875, 0.875)], None, cols=[RED, GREEN, (0, 0, 0)])],
     fs="#version 450\nlayout(location = 0) in float g_r;\nlayout(location = 1) in vec2 g_g;\nlayout(location = 3) flat in uint g_b;\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    frag = vec4(g_r, g_g.y, float(g_b) / 4.0, 1.0);\n}",
     tolerances=[gl_rounding(28)])

# --- depth and blending see the emitted primitives in API order -------------------------------------
DEPTH_GS = """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 12) out;
layout(location = 0) out vec3 g_color;
void main() {
    vec3 colors[3] = vec3[3](vec3(1, 0, 0), vec3(0, 1, 0), vec3(0, 0, 1));
    float depths[3] = float[3](0.5, 0.25, 0.75);
    for (int q = 0; q < 3; q++) {
        for (int i = 0; i < 4; i++) {
            gl_Position = vec4(vec2(-0.625 + 0.25 * float(q)) + vec2(i & 1, i >> 1) * 0.75, depths[q], 1.0);
            g_color = colors[q];
            EmitVertex();
        }
        EndPrimitive();
    }
}"""
test("depth-test", "three overlapping quads at depths 0.5, 0.25, 0.75, in that order, with the depth test (less): the nearest is seen where they overlap",
     DEPTH_GS, "draw point-list vertices 1", one_point,
     [t for q, (col, d) in enumerate([(RED, 0.5), (GREEN, 0.25), (BLUE, 0.75)])
      for t in quad(-0.625 + 0.25 * q, -0.625 + 0.25 * q, 0.125 + 0.25 * q, 0.125 + 0.25 * q, col, depth=d)],
     mode="depth-less", directives=["depth d32f compare less clear 1.0 write on"])

test("blend-order", "three overlapping quads blended (alpha 0.5) in emission order: each overlap shows the order",
     DEPTH_GS, "draw point-list vertices 1", one_point,
     [t for q, col in enumerate([RED, GREEN, BLUE]) for t in quad(-0.625 + 0.25 * q, -0.625 + 0.25 * q, 0.125 + 0.25 * q, 0.125 + 0.25 * q, col, alpha=0.5)],
     fs=FS.replace("vec4(g_color, 1.0)", "vec4(g_color, 0.5)"), mode="alpha", directives=["blend alpha"])

# --- HLSL geometry shaders through glslang -------------------------------------------------------------
HLSL_QUADS = """struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};
struct GSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};

[maxvertexcount(4)]
void main(point VSOut input[1], inout TriangleStream<GSOut> stream) {
    for (int i = 0; i < 4; i++) {
        GSOut o;
        o.pos = input[0].pos + float4(float2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);
        o.color = input[0].color;
        stream.Append(o);
    }
    stream.RestartStrip();
}"""
test("hlsl-points-to-quads", "an HLSL geometry shader ([maxvertexcount(4)], TriangleStream, Append, RestartStrip) turning each point into a quad",
     HLSL_QUADS, "draw point-list vertices 3", pts,
     quad(-0.75, -0.75, -0.25, -0.25, RED) + quad(0.25, -0.75, 0.75, -0.25, GREEN) + quad(-0.25, 0.25, 0.25, 0.75, BLUE),
     gs_header="[geometry shader hlsl]")

HLSL_INSTANCES = """struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};
struct GSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};

float3 palette(int i) { int k = i % 7 + 1; return float3(k & 1, (k >> 1) & 1, (k >> 2) & 1); }

[instance(3)]
[maxvertexcount(3)]
void main(triangle VSOut input[3], uint id : SV_PrimitiveID, uint instance : SV_GSInstanceID, inout TriangleStream<GSOut> stream) {
    for (int i = 0; i < 3; i++) {
        GSOut o;
        o.pos = input[i].pos + float4(0.5 * float(instance), 0.0, 0.0, 0.0);
        o.color = palette(int(3 * id + instance));
        stream.Append(o);
    }
}"""
test("hlsl-instances-primitive-id", "an HLSL geometry shader with [instance(3)], SV_GSInstanceID and SV_PrimitiveID: each triangle copied three times, coloured by primitive and instance",
     HLSL_INSTANCES, "draw triangle-list vertices 6",
     [((-0.875, -0.875), RED), ((-0.5, -0.875), RED), ((-0.875, -0.5), RED), ((-0.875, 0.125), RED), ((-0.5, 0.125), RED), ((-0.875, 0.5), RED)],
     [Tri([(x + 0.5 * inv, y) for (x, y) in t], palette(3 * prim + inv))
      for prim, t in enumerate([[(-0.875, -0.875), (-0.5, -0.875), (-0.875, -0.5)], [(-0.875, 0.125), (-0.5, 0.125), (-0.875, 0.5)]])
      for inv in range(3)],
     gs_header="[geometry shader hlsl]")

# --- input primitives with adjacency ---------------------------------------------------------------
def adjacency_markers(layout_in, n):
    return f"""#version 450
layout({layout_in}) in;
layout(triangle_strip, max_vertices = {4 * n}) out;
layout(location = 0) out vec3 g_color;
{PALETTE_GLSL}
void main() {{
    // A 0.125-wide square at each input vertex, coloured by its index in gl_in[].
    for (int k = 0; k < {n}; k++) {{
        for (int i = 0; i < 4; i++) {{
            gl_Position = gl_in[k].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.125 - 0.0625, 0.0, 0.0);
            g_color = palette(k);
            EmitVertex();
        }}
        EndPrimitive();
    }}
}}"""


def grid_vertices(count, cols=6):
    return [(-0.625 + 0.25 * (i % cols), -0.625 + 0.25 * (i // cols)) for i in range(count)]


def marker_quads(verts, prims):
    out = []
    for prim in prims:
        for k, v in enumerate(prim):
            x, y = verts[v]
            out += quad(x - 0.0625, y - 0.0625, x + 0.0625, y + 0.0625, palette(k))
    return out


def tri_strip_adjacency(count):
    """Vulkan's triangle strip with adjacency: the vertices of triangle i in the order the
    geometry stage receives them (first, middle odd and even, last, only)."""
    n = (count - 4) // 2
    prims = []
    for i in range(n):
        last = i == n - 1
        if i == 0:
            prims.append((0, 1, 2, 5 if last else 6, 4, 3))
        elif i % 2 == 1:
            # OpenGL's table starts odd triangles at 2i + 2; Vulkan numbers every triangle from its
            # provoking vertex 2i, the same six vertices rotated by two.
            prims.append((2 * i, 2 * i + 3, 2 * i + 4, 2 * i + 5 if last else 2 * i + 6, 2 * i + 2, 2 * i - 2))
        else:
            prims.append((2 * i, 2 * i - 2, 2 * i + 2, 2 * i + 5 if last else 2 * i + 6, 2 * i + 4, 2 * i + 3))
    return prims


for name, topo, count, n, prims in [
    ("lines-adjacency-list", "line-list-adjacency", 8, 4, [(0, 1, 2, 3), (4, 5, 6, 7)]),
    ("lines-adjacency-strip", "line-strip-adjacency", 6, 4, [(i, i + 1, i + 2, i + 3) for i in range(3)]),
    ("triangles-adjacency-list", "triangle-list-adjacency", 12, 6, [tuple(range(6)), tuple(range(6, 12))]),
    ("triangles-adjacency-strip-only", "triangle-strip-adjacency", 6, 6, tri_strip_adjacency(6)),
    ("triangles-adjacency-strip-2", "triangle-strip-adjacency", 8, 6, tri_strip_adjacency(8)),
    ("triangles-adjacency-strip-4", "triangle-strip-adjacency", 12, 6, tri_strip_adjacency(12)),
]:
    verts = grid_vertices(count)
    test(name, f"a {topo} draw of {count} vertices: each primitive marks its gl_in[k] with a square in palette(k), so every vertex's place in each primitive (Vulkan's tables) shows; later primitives cover earlier marks",
         adjacency_markers("lines_adjacency" if n == 4 else "triangles_adjacency", n), f"draw {topo} vertices {count}",
         [(v, RED) for v in verts], marker_quads(verts, prims))

# --- adjacency without a geometry stage: the adjacent vertices are ignored -----------------------------
adj_tri_verts = [(-0.875, -0.875), (0.9, 0.9), (-0.125, -0.875), (0.9, 0.9), (-0.875, -0.125), (0.9, 0.9),
                 (0.125, 0.125), (-0.9, 0.9), (0.875, 0.125), (-0.9, 0.9), (0.125, 0.875), (-0.9, 0.9)]
test("adjacency-without-geometry-triangle-list", "a triangle list with adjacency and no geometry stage: each primitive draws its triangle (vertices 0, 2, 4), the adjacent vertices (far away) are ignored",
     None, "draw triangle-list-adjacency vertices 12",
     [(v, palette(i // 6)) for i, v in enumerate(adj_tri_verts)],
     [Tri([adj_tri_verts[0], adj_tri_verts[2], adj_tri_verts[4]], palette(0)), Tri([adj_tri_verts[6], adj_tri_verts[8], adj_tri_verts[10]], palette(1))],
     fs=FS.replace("g_color", "v_color"))

adj_strip = [(-0.75, -0.75), (0.9, -0.9), (0.25, -0.75), (0.9, 0.9), (-0.75, 0.25), (-0.9, 0.9), (0.25, 0.25), (-0.9, -0.9)]
# Triangles of a strip with adjacency: i = 0 is (0, 2, 4); i = 1 (odd, last) is (2, 6, 4) (Vulkan: 2i, 2i + 4, 2i + 2).
test("adjacency-without-geometry-triangle-strip", "a triangle strip with adjacency (8 vertices, 2 triangles) and no geometry stage: triangles (0, 2, 4) and (2, 6, 4) are drawn",
     None, "draw triangle-strip-adjacency vertices 8", [(v, WHITE) for v in adj_strip],
     [Tri([adj_strip[0], adj_strip[2], adj_strip[4]], WHITE), Tri([adj_strip[2], adj_strip[6], adj_strip[4]], WHITE)],
     fs=FS.replace("g_color", "v_color"))

adj_lines = [P(4, 60), P(8, 20), P(40, 20), P(40, 44), P(60, 4)]
# Lines of a strip with adjacency: i is (i + 1, i + 2): (1, 2) horizontal, (2, 3) vertical.
test("adjacency-without-geometry-line-strip", "a line strip with adjacency and no geometry stage: lines (1, 2) and (2, 3) are drawn, vertices 0 and 4 only give adjacency",
     None, "draw line-strip-adjacency vertices 5", [(v, GREEN) for v in adj_lines],
     [Line((8, 20), (40, 20), GREEN), Line((40, 20), (40, 44), GREEN)],
     fs=FS.replace("g_color", "v_color"),
     tolerances=["tolerance on wgpu-gl* channel 0 edge-pixels 2% reason GL's diamond-exit rule draws a line's last pixel where "
                 "lavapipe draws its first (both allowed; the probes leave line ends out): measured on lavapipe/llvmpipe (Mesa 22.3.6), "
                 "2 of 174 edge pixels, 1.15%"])

# --- the fragment stage's PrimitiveId is what the geometry stage writes -------------------------
test("primitive-id-to-fragment", "the geometry stage writes gl_PrimitiveID = 2 gl_PrimitiveIDIn + 1 and the fragment stage colours by gl_PrimitiveID",
     """#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        gl_PrimitiveID = 2 * gl_PrimitiveIDIn + 1;
        EmitVertex();
    }
}""", "draw triangle-list vertices 12", [(p, RED) for t in tri_list for p in t],
     [Tri(t, palette(2 * i + 1)) for i, t in enumerate(tri_list)],
     fs="#version 450\nlayout(location = 0) out vec4 frag;\n" + PALETTE_GLSL + "\nvoid main() {\n    frag = vec4(palette(gl_PrimitiveID), 1.0);\n}")

test("hlsl-primitive-id-to-pixel", "an HLSL geometry shader passing SV_PrimitiveID + 3 to the pixel shader's SV_PrimitiveID",
     """struct VSOut {
    float4 pos : SV_Position;
};
struct GSOut {
    float4 pos : SV_Position;
    uint id : SV_PrimitiveID;
};

[maxvertexcount(3)]
void main(triangle VSOut input[3], uint id : SV_PrimitiveID, inout TriangleStream<GSOut> stream) {
    for (int i = 0; i < 3; i++) {
        GSOut o;
        o.pos = input[i].pos;
        o.id = id + 3;
        stream.Append(o);
    }
}""", "draw triangle-list vertices 12", [(p, RED) for t in tri_list for p in t],
     [Tri(t, palette(i + 3)) for i, t in enumerate(tri_list)],
     vs="#version 450\nlayout(location = 0) in vec2 pos;\nvoid main() {\n    gl_Position = vec4(pos, 0.0, 1.0);\n}",
     fs="#version 450\nlayout(location = 0) out vec4 frag;\n" + PALETTE_GLSL + "\nvoid main() {\n    frag = vec4(palette(gl_PrimitiveID), 1.0);\n}",
     gs_header="[geometry shader hlsl]")

# --- layered rendering: Layer written by the geometry stage -------------------------------------------
def layered_quads(n, depth=False):
    return f"""#version 450
layout(points, invocations = {n}) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) out vec3 g_color;
{PALETTE_GLSL}
void main() {{
    // Invocation k draws a quad into layer k, placed and coloured by k.
    vec2 o = vec2(-0.75 + 0.25 * float(gl_InvocationID), -0.75 + 0.125 * float(gl_InvocationID));
    for (int i = 0; i < 4; i++) {{
        gl_Position = vec4(o + vec2(i & 1, i >> 1) * 0.5, 0.0, 1.0);
        gl_Layer = gl_InvocationID;
        g_color = palette(gl_InvocationID);
        EmitVertex();
    }}
}}"""


for n in (2, 6):
    test(f"layered-{n}", f"{n} invocations, each drawing a quad into gl_Layer = gl_InvocationID of a {n}-layer framebuffer (6: a cube map's faces in one draw): each layer holds its own quad and nothing else",
         layered_quads(n), "draw point-list vertices 1", one_point,
         {k: quad(-0.75 + 0.25 * k, -0.75 + 0.125 * k, -0.25 + 0.25 * k, -0.25 + 0.125 * k, palette(k)) for k in range(n)},
         directives=[f"framebuffer 64 64 layers {n}"])

test("layer-by-primitive", "four triangles, gl_Layer = gl_PrimitiveIDIn % 2: triangles 0 and 2 in layer 0, 1 and 3 in layer 1",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        gl_Layer = gl_PrimitiveIDIn % 2;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 12", [(p, RED) for t in tri_list for p in t],
     {0: [Tri(t, palette(i)) for i, t in enumerate(tri_list) if i % 2 == 0], 1: [Tri(t, palette(i)) for i, t in enumerate(tri_list) if i % 2 == 1]},
     directives=["framebuffer 64 64 layers 2"])

test("layers-unwritten", "a geometry stage that writes no gl_Layer into a 2-layer framebuffer: everything goes to layer 0, layer 1 keeps the clear colour",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 12", [(p, RED) for t in tri_list for p in t],
     {0: [Tri(t, palette(i)) for i, t in enumerate(tri_list)], 1: []},
     directives=["framebuffer 64 64 layers 2"])

test("layered-depth", "two quads per layer at depths 0.5 then 0.25 (layer 0) and 0.25 then 0.5 (layer 1), with the depth test (less): each layer has its own depth",
     """#version 450
layout(points, invocations = 2) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) out vec3 g_color;
void main() {
    for (int q = 0; q < 2; q++) {
        float z = (q == gl_InvocationID) ? 0.5 : 0.25;
        for (int i = 0; i < 4; i++) {
            gl_Position = vec4(vec2(-0.5 + 0.25 * float(q)) + vec2(i & 1, i >> 1) * 0.75, z, 1.0);
            gl_Layer = gl_InvocationID;
            g_color = q == 0 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0);
            EmitVertex();
        }
        EndPrimitive();
    }
}""", "draw point-list vertices 1", one_point,
     {k: [t for q in range(2) for t in quad(-0.5 + 0.25 * q, -0.5 + 0.25 * q, 0.25 + 0.25 * q, 0.25 + 0.25 * q, [RED, GREEN][q],
                                          depth=(0.5 if q == k else 0.25))] for k in range(2)},
     mode="depth-less", directives=["framebuffer 64 64 layers 2", "depth d32f compare less clear 1.0 write on"])

# --- several viewports: ViewportIndex written by the geometry stage ------------------------------------
QUADRANTS = [(0, 0), (32, 0), (0, 32), (32, 32)]


def in_viewport(vp, x, y):
    """Framebuffer NDC of NDC (x, y) drawn through viewport vp = (x0, y0) of 32 x 32 pixels."""
    x0, y0 = vp
    return ((x0 + (x + 1) * 16) / 32 - 1, (y0 + (y + 1) * 16) / 32 - 1)


def viewport_quad(vp, col):
    (ax, ay), (bx, by) = in_viewport(vp, -0.75, -0.75), in_viewport(vp, 0.5, 0.25)
    return quad(ax, ay, bx, by, col)


VIEWPORT_GS = """#version 450
layout(points, invocations = INVOCATIONS) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) out vec3 g_color;
""" + PALETTE_GLSL + """
void main() {
    // The same quad through every viewport (and layer) the invocation selects.
    for (int i = 0; i < 4; i++) {
        gl_Position = vec4(mix(vec2(-0.75), vec2(0.5, 0.25), vec2(i & 1, i >> 1)), 0.0, 1.0);
        SELECT
        g_color = palette(gl_InvocationID);
        EmitVertex();
    }
}"""
VIEWPORT_LINES = ["viewport %d %d 32 32" % q for q in QUADRANTS]
test("viewport-index-4", "four invocations drawing one quad through gl_ViewportIndex = gl_InvocationID of four viewports (the framebuffer's quadrants, each its own scissor)",
     VIEWPORT_GS.replace("INVOCATIONS", "4").replace("SELECT", "gl_ViewportIndex = gl_InvocationID;"), "draw point-list vertices 1", one_point,
     [t for k, q in enumerate(QUADRANTS) for t in viewport_quad(q, palette(k))], directives=VIEWPORT_LINES)

test("viewports-unwritten", "four viewports and a geometry stage that writes no gl_ViewportIndex: every invocation draws through viewport 0",
     VIEWPORT_GS.replace("INVOCATIONS", "2").replace("        SELECT\n", ""), "draw point-list vertices 1", one_point,
     [t for k in range(2) for t in viewport_quad(QUADRANTS[0], palette(k))], directives=VIEWPORT_LINES)

test("viewport-and-layer", "four invocations: gl_Layer = k / 2 and gl_ViewportIndex = k % 2 of a 2-layer framebuffer with two viewports",
     VIEWPORT_GS.replace("INVOCATIONS", "4").replace("SELECT", "gl_Layer = gl_InvocationID / 2; gl_ViewportIndex = gl_InvocationID % 2;"), "draw point-list vertices 1", one_point,
     {layer: [t for v in range(2) for t in viewport_quad(QUADRANTS[v], palette(2 * layer + v))] for layer in range(2)},
     directives=["framebuffer 64 64 layers 2"] + VIEWPORT_LINES[:2])

# --- more shapes of draws and stages -------------------------------------------------------------------
PASS_TRI = gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL)
tri_idx_verts = [(-0.875, -0.875), (-0.125, -0.875), (-0.875, -0.125), (0.875, -0.125), (0.125, 0.875), (0.875, 0.875)]
test("indexed-u32", "an indexed triangle list (u32 indices, vertices used out of order and twice) through a pass-through geometry stage coloured by gl_PrimitiveIDIn",
     PASS_TRI, "draw-indexed triangle-list indices 9", [(v, RED) for v in tri_idx_verts],
     [Tri([tri_idx_verts[i] for i in t], palette(k)) for k, t in enumerate([(0, 1, 2), (5, 4, 3), (2, 1, 4)])],
     index="[index buffer u32]\n0 1 2 5 4 3 2 1 4")

test("indexed-base-vertex", "an indexed draw with base vertex 3 through the geometry stage: indices 0-2 read vertices 3-5",
     PASS_TRI, "draw-indexed triangle-list indices 3 base-vertex 3", [(v, RED) for v in tri_idx_verts],
     [Tri(tri_idx_verts[3:6], palette(0))], index="[index buffer u16]\n0 1 2")

test("first-vertex", "a draw from vertex 3: gl_PrimitiveIDIn still counts from 0",
     PASS_TRI, "draw triangle-list vertices 3 first 3", [(v, RED) for v in tri_idx_verts], [Tri(tri_idx_verts[3:6], palette(0))])

test("first-instance", "two instances from instance 1 (the vertex stage moves instance k down by 0.5 k): gl_PrimitiveIDIn restarts at 0 in each instance",
     PASS_TRI, "draw triangle-list vertices 3 instances 2 first-instance 1",
     [((-0.875, -1.375), RED), ((-0.125, -1.375), RED), ((-0.875, -0.625), RED)],
     [Tri([(-0.875, -0.875), (-0.125, -0.875), (-0.875, -0.125)], palette(0)), Tri([(-0.875, -0.375), (-0.125, -0.375), (-0.875, 0.375)], palette(0))],
     vs=VS_INSTANCED)

test("two-draws", "two draws of the same pipeline, the second over the first: draws stay in order, and gl_PrimitiveIDIn restarts in each",
     PASS_TRI, "draw triangle-list vertices 3\ndraw triangle-list vertices 3 first 3",
     [((-0.75, -0.75), RED), ((0.5, -0.75), RED), ((-0.75, 0.5), RED), ((-0.5, -0.5), RED), ((0.75, -0.5), RED), ((-0.5, 0.75), RED)],
     [Tri([(-0.75, -0.75), (0.5, -0.75), (-0.75, 0.5)], palette(0)), Tri([(-0.5, -0.5), (0.75, -0.5), (-0.5, 0.75)], palette(0))])

test("emit-from-function", "EmitVertex and EndPrimitive called from a function the entry point calls (twice)",
     """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out vec3 g_color;
void emit_quad(vec2 o, vec3 c) {
    for (int i = 0; i < 4; i++) {
        gl_Position = vec4(o + vec2(i & 1, i >> 1) * 0.25, 0.0, 1.0);
        g_color = c;
        EmitVertex();
    }
    EndPrimitive();
}
void main() {
    emit_quad(gl_in[0].gl_Position.xy, v_color[0]);
    emit_quad(gl_in[0].gl_Position.xy + vec2(0.5, 0.25), v_color[0].bgr);
}""", "draw point-list vertices 1", [((-0.5, -0.5), (1, 1, 0))],
     quad(-0.5, -0.5, -0.25, -0.25, (1, 1, 0)) + quad(0.0, -0.25, 0.25, 0.0, (0, 1, 1)))

test("conditional-emit", "a geometry stage that emits only the input vertices left of x = 0, as points",
     gs_src("triangles", "points, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        if (gl_in[i].gl_Position.x < 0.0) {
            gl_Position = gl_in[i].gl_Position;
            g_color = v_color[i];
            EmitVertex();
        }
    }"""), "draw triangle-list vertices 3",
     [(P(8, 8), RED), (P(40, 8), GREEN), (P(8, 40), BLUE)], [Point(8, 8, RED), Point(8, 40, BLUE)])

test("lines-to-line-strips", "each line of a list re-emitted as a 3-vertex line strip (a horizontal then a vertical segment)",
     gs_src("lines", "line_strip, max_vertices = 3", """    gl_Position = gl_in[0].gl_Position; g_color = v_color[0]; EmitVertex();
    gl_Position = gl_in[1].gl_Position; g_color = v_color[0]; EmitVertex();
    gl_Position = gl_in[1].gl_Position + vec4(0.0, 0.5, 0.0, 0.0); g_color = v_color[0]; EmitVertex();"""),
     "draw line-list vertices 4", [(P(4, 8), RED), (P(24, 8), RED), (P(32, 30), GREEN), (P(56, 30), GREEN)],
     [Line((4, 8), (24, 8), RED), Line((24, 8), (24, 24), RED), Line((32, 30), (56, 30), GREEN), Line((56, 30), (56, 46), GREEN)],
     tolerances=["tolerance on wgpu-gl* channel 0 edge-pixels 3% reason GL's diamond-exit rule draws a line's last pixel where "
                 "lavapipe draws its first (both allowed; the probes leave line ends out): measured on lavapipe/llvmpipe "
                 "(Mesa 22.3.6), 4 of 240 edge pixels, 1.67%"])

test("varyings-many", "eight vec4 varyings through the geometry stage (a record of nine slots), summed by the fragment stage",
     """#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out vec4 g[8];
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        for (int k = 0; k < 8; k++) {
            g[k] = vec4(v_color[0] * 0.125, 0.0);
        }
        EmitVertex();
    }
}""", "draw triangle-list vertices 3", [((-0.875, -0.875), (1, 0.5, 0)), ((0.875, -0.875), RED), ((-0.875, 0.875), RED)],
     [Tri([(-0.875, -0.875), (0.875, -0.875), (-0.875, 0.875)], (1, 0.5, 0))],
     fs="#version 450\nlayout(location = 0) in vec4 g[8];\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    vec4 s = vec4(0.0);\n    for (int k = 0; k < 8; k++) s += g[k];\n    frag = vec4(s.rgb, 1.0);\n}")

test("int-attribute", "an integer vertex attribute, passed flat through the geometry stage, picks the colour",
     """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) flat in int v_index[];
layout(location = 0) flat out int g_index;
void main() {
    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.25 - 0.125, 0.0, 0.0);
        g_index = v_index[0];
        EmitVertex();
    }
}""", "draw point-list vertices 2", [((-0.5, 0.0), (5, 0, 0)), ((0.5, 0.0), (2, 0, 0))],
     quad(-0.625, -0.125, -0.375, 0.125, palette(5)) + quad(0.375, -0.125, 0.625, 0.125, palette(2)),
     vs="#version 450\nlayout(location = 0) in vec2 pos;\nlayout(location = 1) in vec3 color;\nlayout(location = 0) flat out int v_index;\nvoid main() {\n    gl_Position = vec4(pos, 0.0, 1.0);\n    v_index = int(color.r);\n}",
     fs="#version 450\nlayout(location = 0) flat in int g_index;\nlayout(location = 0) out vec4 frag;\n" + PALETTE_GLSL + "\nvoid main() {\n    frag = vec4(palette(g_index), 1.0);\n}")

STRIP_WINDING = """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) out vec3 g_color;
void main() {
    // Quad 0's first triangle has a negative area in framebuffer coordinates (Vulkan's
    // formula, y down: clockwise), quad 1's a positive one (counter-clockwise: front-facing
    // with front-face ccw); the strip's odd triangles keep each quad's first winding.
    for (int q = 0; q < 2; q++) {
        for (int i = 0; i < 4; i++) {
            vec2 c = q == 0 ? vec2(i & 1, i >> 1) : vec2(i >> 1, i & 1);
            gl_Position = vec4(vec2(q == 0 ? -0.75 : 0.25, -0.25) + c * 0.5, 0.0, 1.0);
            g_color = vec3(0.0, 1.0, 0.0);
            EmitVertex();
        }
        EndPrimitive();
    }
}"""
test("strip-winding-cull-back", "two 4-vertex strips, the first clockwise and the second counter-clockwise (Vulkan's area sign), with back faces culled: only the second is drawn (both of its triangles: a strip's odd triangles keep its winding)",
     STRIP_WINDING, "draw point-list vertices 1", one_point, quad(0.25, -0.25, 0.75, 0.25, GREEN), directives=["cull back"])

test("strip-winding-front-facing", "the same strips without culling, coloured by gl_FrontFacing: the first red (back), the second green (front)",
     STRIP_WINDING, "draw point-list vertices 1", one_point, quad(-0.75, -0.25, -0.25, 0.25, RED) + quad(0.25, -0.25, 0.75, 0.25, GREEN),
     fs="#version 450\nlayout(location = 0) in vec3 g_color;\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    frag = gl_FrontFacing ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n}")

test("amplify-64", "one point becomes 64 quads (an 8 x 8 grid, 256 vertices): amplification at the component limit with a varying",
     """#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 256) out;
layout(location = 0) out float g_k;
void main() {
    for (int k = 0; k < 64; k++) {
        for (int i = 0; i < 4; i++) {
            gl_Position = vec4(vec2(-0.9375) + vec2(k % 8, k / 8) * 0.25 + vec2(i & 1, i >> 1) * 0.125, 0.0, 1.0);
            g_k = float(k % 7);
            EmitVertex();
        }
        EndPrimitive();
    }
}""", "draw point-list vertices 1", one_point,
     [t for k in range(64) for t in quad(-0.9375 + 0.25 * (k % 8), -0.9375 + 0.25 * (k // 8), -0.8125 + 0.25 * (k % 8), -0.8125 + 0.25 * (k // 8), palette(k % 7))],
     fs="#version 450\nlayout(location = 0) in float g_k;\nlayout(location = 0) out vec4 frag;\n" + PALETTE_GLSL + "\nvoid main() {\n    frag = vec4(palette(int(g_k + 0.5)), 1.0);\n}")

test("dynamic-gl-in-index", "the geometry stage reads gl_in[] and the per-vertex varying at an index known only at run time (a uniform)",
     gs_src("triangles", "points, max_vertices = 1", """    gl_Position = gl_in[u.k].gl_Position;
    g_color = v_color[u.k];
    EmitVertex();""", "layout(set = 0, binding = 0) uniform U { int k; } u;"),
     "draw triangle-list vertices 3", [(P(8, 8), RED), (P(40, 8), GREEN), (P(8, 40), BLUE)], [Point(40, 8, GREEN)],
     extra="[uniform buffer 0 0]\nint 1")

# --- still more: textures and specialization in the stage, HLSL streams, many workgroups, noperspective -----
test("texture", "the geometry stage samples a texture (2 x 1 texels, nearest) for each point's quad colour: texel 0 for primitive 0, texel 1 for primitive 1",
     gs_src("points", "triangle_strip, max_vertices = 4", QUAD_AT % ("vec2(i & 1, i >> 1) * 0.25 - 0.125", "texture(t, vec2(0.25 + 0.5 * float(gl_PrimitiveIDIn), 0.5)).rgb"),
            "layout(set = 0, binding = 0) uniform sampler2D t;"),
     "draw point-list vertices 2", [((-0.5, 0.0), RED), ((0.5, 0.0), RED)],
     quad(-0.625, -0.125, -0.375, 0.125, (1, 1, 0)) + quad(0.375, -0.125, 0.625, 0.125, (0, 1, 1)),
     extra="[texture 0 0]\nsize 2 1\nsampler nearest clamp\ntexels\n1 1 0 1\n0 1 1 1")

test("specialization-constant", "a specialization constant sets how many quads each point emits (3 of at most 4) and their colour",
     """#version 450
layout(constant_id = 0) const int QUADS = 1;
layout(constant_id = 1) const float BLUE = 0.0;
layout(points) in;
layout(triangle_strip, max_vertices = 16) out;
layout(location = 0) out vec3 g_color;
void main() {
    for (int q = 0; q < QUADS; q++) {
        for (int i = 0; i < 4; i++) {
            gl_Position = gl_in[0].gl_Position + vec4(vec2(0.375 * float(q), 0.0) + vec2(i & 1, i >> 1) * 0.25, 0.0, 0.0);
            g_color = vec3(1.0, 0.0, BLUE);
            EmitVertex();
        }
        EndPrimitive();
    }
}""", "draw point-list vertices 1", [((-0.75, -0.25), RED)],
     [t for q in range(3) for t in quad(-0.75 + 0.375 * q, -0.25, -0.5 + 0.375 * q, 0.0, (1, 0, 1))],
     extra="[specialization constants]\n0 int 3\n1 float 1.0")

test("hlsl-line-stream", "an HLSL geometry shader appending to a LineStream: each point becomes a horizontal line 16 px long",
     """struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};
struct GSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};

[maxvertexcount(2)]
void main(point VSOut input[1], inout LineStream<GSOut> stream) {
    GSOut o;
    o.color = input[0].color;
    o.pos = input[0].pos;
    stream.Append(o);
    o.pos = input[0].pos + float4(0.5, 0.0, 0.0, 0.0);
    stream.Append(o);
}""", "draw point-list vertices 3",
     [(P(8, 10), RED), (P(30, 30), GREEN), (P(12, 50), BLUE)],
     [Line((8, 10), (24, 10), RED), Line((30, 30), (46, 30), GREEN), Line((12, 50), (28, 50), BLUE)],
     tolerances=[GL_LINE_ENDS], gs_header="[geometry shader hlsl]")

test("hlsl-point-stream", "an HLSL geometry shader appending each triangle's vertices to a PointStream",
     """struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};
struct GSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float3 color : COLOR0;
};

[maxvertexcount(3)]
void main(triangle VSOut input[3], inout PointStream<GSOut> stream) {
    for (int i = 0; i < 3; i++) {
        GSOut o;
        o.pos = input[i].pos;
        o.color = input[i].color;
        stream.Append(o);
    }
}""", "draw triangle-list vertices 3", [(P(6, 6), RED), (P(30, 6), GREEN), (P(6, 30), BLUE)],
     [Point(6, 6, RED), Point(30, 6, GREEN), Point(6, 30, BLUE)], gs_header="[geometry shader hlsl]")

grid_tris = []
for k in range(100):
    x, y = -0.9375 + 0.1875 * (k % 10), -0.9375 + 0.1875 * (k // 10)
    grid_tris.append([(x, y), (x + 0.125, y), (x, y + 0.125)])
test("many-primitives-invocations-3", "100 triangles × 3 invocations (21 primitives a workgroup, 5 workgroups): invocation k draws its triangle's copy moved 1/16 right and coloured by primitive and invocation; later invocations over earlier ones",
     gs_src("triangles, invocations = 3", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position + vec4(0.0625 * float(gl_InvocationID), 0.0, 0.0, 0.0);
        g_color = palette(gl_PrimitiveIDIn + gl_InvocationID);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 300", [(p, RED) for t in grid_tris for p in t],
     [Tri([(x + 0.0625 * inv, y) for (x, y) in t], palette(k + inv)) for k, t in enumerate(grid_tris) for inv in range(3)])

test("noperspective-w", "the geometry stage emits each vertex with w = 2 (positions doubled) and a noperspective colour: interpolated linearly in screen space",
     """#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) noperspective out vec3 g_color;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = vec4(gl_in[i].gl_Position.xy * 2.0, 0.0, 2.0);
        g_color = v_color[i];
        EmitVertex();
    }
}""", "draw triangle-list vertices 3", [((-0.875, -0.875), RED), ((0.875, -0.875), GREEN), ((-0.875, 0.875), BLUE)],
     [Tri([(-0.875, -0.875), (0.875, -0.875), (-0.875, 0.875)], None, cols=[RED, GREEN, BLUE])],
     fs=FS.replace("layout(location = 0) in vec3 g_color;", "layout(location = 0) noperspective in vec3 g_color;"),
     tolerances=[gl_rounding(28)])

test("lines-to-points", "each line's two endpoints as points",
     gs_src("lines", "points, max_vertices = 2", """    for (int i = 0; i < 2; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = v_color[i];
        EmitVertex();
    }"""), "draw line-list vertices 4", [(P(6, 6), RED), (P(30, 6), GREEN), (P(6, 30), BLUE), (P(40, 50), YELLOW)],
     [Point(6, 6, RED), Point(30, 6, GREEN), Point(6, 30, BLUE), Point(40, 50, YELLOW)])

test("triangle-strip-invocations-2", "a 5-vertex triangle strip × 2 invocations: each triangle's marker (as in triangle-strip-in) drawn by invocation 0 and moved 1/8 down by invocation 1",
     MARKER.replace("layout(triangles) in;", "layout(triangles, invocations = 2) in;").replace(
         "gl_Position = c + vec4(vec2(i & 1, i >> 1) * 0.125 - 0.0625, 0.0, 0.0);",
         "gl_Position = c + vec4(vec2(i & 1, i >> 1) * 0.125 - 0.0625 + vec2(0.0, 0.125 * float(gl_InvocationID)), 0.0, 0.0);"),
     "draw triangle-strip vertices 5", [(p, RED) for p in sv[:5]],
     [t for prim, (a_, b_, c_) in st[:3] for inv in range(2)
      for t in quad(0.5 * sv[b_][0] + 0.25 * (sv[a_][0] + sv[c_][0]) - 0.0625, 0.5 * sv[b_][1] + 0.25 * (sv[a_][1] + sv[c_][1]) - 0.0625 + 0.125 * inv,
                    0.5 * sv[b_][0] + 0.25 * (sv[a_][0] + sv[c_][0]) + 0.0625, 0.5 * sv[b_][1] + 0.25 * (sv[a_][1] + sv[c_][1]) + 0.0625 + 0.125 * inv,
                    palette(prim))])

test("point-size-with-triangles", "a geometry stage that writes gl_PointSize = 8 while emitting triangles: the size means nothing there",
     gs_src("triangles", "triangle_strip, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        gl_PointSize = 8.0;
        g_color = palette(gl_PrimitiveIDIn);
        EmitVertex();
    }""", PALETTE_GLSL), "draw triangle-list vertices 12", [(p, RED) for t in tri_list for p in t],
     [Tri(t, palette(i)) for i, t in enumerate(tri_list)])

test("layer-input-unwritten", "a fragment stage reading gl_Layer and gl_ViewportIndex with no stage writing them (no geometry stage) reads 0 for both",
     None, "draw triangle-list vertices 12", [(p, RED) for t in tri_list for p in t],
     {0: [Tri(t, (0, 1, 0)) for t in tri_list], 1: []},
     fs="#version 450\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    frag = vec4(float(gl_Layer), 1.0 - float(gl_ViewportIndex), 0.0, 1.0);\n}",
     directives=["framebuffer 64 64 layers 2"])

# --- points of a size from the geometry stage (drawn as squares, as point expansion does) ---------------
def square(px, py, size, col):
    """The square a point of `size` pixels at the centre of pixel (px, py) covers."""
    (cx, cy), h = ndc_of_pixel(px, py), size / 64
    return quad(cx - h, cy - h, cx + h, cy + h, col)


test("point-size", "each point emitted twice, with gl_PointSize 8 and then 3 (12 px to the right): squares of those sizes",
     gs_src("points", "points, max_vertices = 2", """    gl_Position = gl_in[0].gl_Position;
    gl_PointSize = 8.0;
    g_color = v_color[0];
    EmitVertex();
    gl_Position = gl_in[0].gl_Position + vec4(0.375, 0.0, 0.0, 0.0);
    gl_PointSize = 3.0;
    g_color = v_color[0].gbr;
    EmitVertex();"""), "draw point-list vertices 2", [(P(10, 10), RED), (P(30, 40), (0, 1, 1))],
     square(10, 10, 8, RED) + square(22, 10, 3, (0, 0, 1)) + square(30, 40, 8, (0, 1, 1)) + square(42, 40, 3, (1, 1, 0)),
     require=["wide-points"])


def point_coord_square(px, py, size):
    (cx, cy), h = ndc_of_pixel(px, py), size / 64
    x0, y0, x1, y1 = cx - h, cy - h, cx + h, cy + h
    return [Tri([(x0, y0), (x1, y0), (x0, y1)], None, cols=[(0, 0, 0), (1, 0, 0), (0, 1, 0)]),
            Tri([(x1, y0), (x0, y1), (x1, y1)], None, cols=[(1, 0, 0), (0, 1, 0), (1, 1, 0)])]


test("point-coord", "points of size 16 from the geometry stage, coloured by gl_PointCoord: (0, 0) at the upper left, (1, 1) at the lower right",
     gs_src("triangles", "points, max_vertices = 3", """    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        gl_PointSize = 16.0;
        g_color = v_color[i];
        EmitVertex();
    }"""), "draw triangle-list vertices 3", [(P(12, 12), RED), (P(44, 12), RED), (P(12, 44), RED)],
     point_coord_square(12, 12, 16) + point_coord_square(44, 12, 16) + point_coord_square(12, 44, 16),
     fs="#version 450\nlayout(location = 0) out vec4 frag;\nvoid main() {\n    frag = vec4(gl_PointCoord, 0.0, 1.0);\n}",
     require=["wide-points"])

test("point-size-clip-distance", "points of size 6 writing gl_ClipDistance[0] = x: a point whose centre has a negative distance is dropped whole, the others drawn whole",
     gs_src("points", "points, max_vertices = 1", """    gl_Position = gl_in[0].gl_Position;
    gl_PointSize = 6.0;
    gl_ClipDistance[0] = gl_Position.x;
    g_color = v_color[0];
    EmitVertex();"""), "draw point-list vertices 3", [(P(10, 20), RED), (P(33, 20), GREEN), (P(40, 40), BLUE)],
     square(33, 20, 6, GREEN) + square(40, 40, 6, BLUE), require=["wide-points", "clip-distances 1"])

def main():
    os.makedirs(OUT, exist_ok=True)
    for t in TESTS:
        write(t)


def write(t):
    lines = [f"# {t['what']}.", "# Generated by tools/geom-corpus.py: probes computed from the spec (the shapes the geometry stage emits, in",
             "# API order, rasterized at pixel centres; pixels near edges not probed)."]
    lines += ["[require]"] + (["geometry"] if t["gs"] is not None else []) + list(t["require"]) + [""]
    if lines[-2] == "[require]":
        lines = lines[:-2]
    lines += ["[vertex shader]", t["vs"], ""]
    if t["gs"] is not None:
        lines += [t["gs_header"], t["gs"], ""]
    lines += ["[fragment shader]", t["fs"], ""]
    lines += ["[vertex buffer 0]", vbuf(t["vertices"]), ""]
    if t["index"]:
        lines += [t["index"], ""]
    if t["extra"]:
        lines += [t["extra"], ""]
    lines += ["[test]", "clear 0 0 0 1"] + list(t["directives"]) + [t["draw"]] + list(t["tolerances"])
    if isinstance(t["expect"], dict):
        # A layered framebuffer: the image is the layers side by side, `probe target K` reads layer K.
        for layer, shapes in sorted(t["expect"].items()):
            lines += [l.replace("probe ", f"probe target {layer} ", 1) for l in probes(shapes, mode=t["mode"])]
    elif t["expect"] is not None:
        lines += probes(t["expect"], mode=t["mode"])
    path = os.path.join(OUT, t["name"] + ".shader_test")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
