#version 450
layout(vertices = 1) out;
layout(push_constant) uniform Levels { float outer[4]; float inner[2]; } pc;
void main() {
  gl_out[gl_InvocationID].gl_Position = vec4(0.0);
  gl_TessLevelOuter[0] = pc.outer[0];
  gl_TessLevelOuter[1] = pc.outer[1];
  gl_TessLevelOuter[2] = pc.outer[2];
  gl_TessLevelOuter[3] = pc.outer[3];
  gl_TessLevelInner[0] = pc.inner[0];
  gl_TessLevelInner[1] = pc.inner[1];
}
