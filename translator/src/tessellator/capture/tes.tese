#version 450
layout(DOMAIN, SPACING, ORDER PMODE) in;
layout(xfb_buffer = 0, xfb_stride = 12) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec3 tc;
void main() { tc = gl_TessCoord; gl_Position = vec4(0.0); }
