// Capture a Vulkan driver's tessellation through transform feedback of gl_TessCoord, for the
// ignored test `tessellator::native` (see build.sh). Runs in the directory holding the SPIR-V.
// stdin: lines "domain spacing order pmode o0 o1 o2 o3 i0 i1" (levels as hex f32 bits)
// stdout: per case one line: "<vertex count> <hex bits of x, y, z per vertex>"
#include <vulkan/vulkan.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define CHECK(x) do { VkResult r_ = (x); if (r_ != VK_SUCCESS) { fprintf(stderr, "%s:%d %s -> %d\n", __FILE__, __LINE__, #x, r_); exit(1); } } while (0)

static VkDevice dev;
static uint32_t *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "open %s\n", path); exit(1); }
  fseek(f, 0, SEEK_END); *size = ftell(f); fseek(f, 0, SEEK_SET);
  uint32_t *buf = malloc(*size); fread(buf, 1, *size, f); fclose(f); return buf;
}
static VkShaderModule module(const char *path) {
  size_t size; uint32_t *code = read_file(path, &size);
  VkShaderModuleCreateInfo ci = { VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, 0, 0, size, code };
  VkShaderModule m; CHECK(vkCreateShaderModule(dev, &ci, 0, &m)); free(code); return m;
}
static uint32_t find_memory(VkPhysicalDevice pd, uint32_t bits) {
  VkPhysicalDeviceMemoryProperties mp; vkGetPhysicalDeviceMemoryProperties(pd, &mp);
  for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & (VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)) == (VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)) return i;
  exit(2);
}
static void make_buffer(VkPhysicalDevice pd, VkDeviceSize size, VkBufferUsageFlags usage, VkBuffer *buf, void **map) {
  VkBufferCreateInfo bi = { VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, 0, 0, size, usage, VK_SHARING_MODE_EXCLUSIVE, 0, 0 };
  CHECK(vkCreateBuffer(dev, &bi, 0, buf));
  VkMemoryRequirements req; vkGetBufferMemoryRequirements(dev, *buf, &req);
  VkMemoryAllocateInfo ai = { VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, 0, req.size, find_memory(pd, req.memoryTypeBits) };
  VkDeviceMemory mem; CHECK(vkAllocateMemory(dev, &ai, 0, &mem));
  CHECK(vkBindBufferMemory(dev, *buf, mem, 0));
  CHECK(vkMapMemory(dev, mem, 0, size, 0, map));
}

int main(void) {
  VkApplicationInfo app = { VK_STRUCTURE_TYPE_APPLICATION_INFO, 0, "cap", 1, "cap", 1, VK_API_VERSION_1_1 };
  VkInstanceCreateInfo ici = { VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, 0, 0, &app, 0, 0, 0, 0 };
  VkInstance inst; CHECK(vkCreateInstance(&ici, 0, &inst));
  uint32_t n = 8; VkPhysicalDevice pds[8]; CHECK(vkEnumeratePhysicalDevices(inst, &n, pds));
  VkPhysicalDevice pd = pds[0];
  VkPhysicalDeviceProperties props; vkGetPhysicalDeviceProperties(pd, &props);
  fprintf(stderr, "device: %s\n", props.deviceName);
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = { VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, 0, 0, 0, 1, &prio };
  VkPhysicalDeviceTransformFeedbackFeaturesEXT xfbf = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT, 0, VK_TRUE, VK_FALSE };
  VkPhysicalDeviceFeatures feats = {0}; feats.tessellationShader = VK_TRUE;
  const char *exts[] = { VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME };
  VkDeviceCreateInfo dci = { VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &xfbf, 0, 1, &qci, 0, 0, 1, exts, &feats };
  CHECK(vkCreateDevice(pd, &dci, 0, &dev));
  VkQueue queue; vkGetDeviceQueue(dev, 0, 0, &queue);
  PFN_vkCmdBindTransformFeedbackBuffersEXT bindXfb = (void *)vkGetDeviceProcAddr(dev, "vkCmdBindTransformFeedbackBuffersEXT");
  PFN_vkCmdBeginTransformFeedbackEXT beginXfb = (void *)vkGetDeviceProcAddr(dev, "vkCmdBeginTransformFeedbackEXT");
  PFN_vkCmdEndTransformFeedbackEXT endXfb = (void *)vkGetDeviceProcAddr(dev, "vkCmdEndTransformFeedbackEXT");

  VkDeviceSize xfb_size = 1 << 22;
  VkBuffer xfb, counter; void *xfb_map, *counter_map;
  make_buffer(pd, xfb_size, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT, &xfb, &xfb_map);
  make_buffer(pd, 256, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT, &counter, &counter_map);

  VkSubpassDescription sub = { 0, VK_PIPELINE_BIND_POINT_GRAPHICS, 0, 0, 0, 0, 0, 0, 0, 0 };
  VkRenderPassCreateInfo rpci = { VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, 0, 0, 0, 0, 1, &sub, 0, 0 };
  VkRenderPass rp; CHECK(vkCreateRenderPass(dev, &rpci, 0, &rp));
  VkFramebufferCreateInfo fci = { VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, 0, 0, rp, 0, 0, 1, 1, 1 };
  VkFramebuffer fb; CHECK(vkCreateFramebuffer(dev, &fci, 0, &fb));
  VkPushConstantRange pcr = { VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, 0, 24 };
  VkPipelineLayoutCreateInfo plci = { VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, 0, 0, 0, 0, 1, &pcr };
  VkPipelineLayout layout; CHECK(vkCreatePipelineLayout(dev, &plci, 0, &layout));
  VkShaderModule vs = module("vs.spv"), tcs = module("tcs.spv");

  VkCommandPoolCreateInfo cpci = { VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, 0, VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, 0 };
  VkCommandPool pool; CHECK(vkCreateCommandPool(dev, &cpci, 0, &pool));
  VkCommandBufferAllocateInfo cbai = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, 0, pool, VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1 };
  VkCommandBuffer cb; CHECK(vkAllocateCommandBuffers(dev, &cbai, &cb));
  VkFenceCreateInfo fnci = { VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, 0, 0 };
  VkFence fence; CHECK(vkCreateFence(dev, &fnci, 0, &fence));

  char key[256], cur_key[256] = "";
  VkPipeline pipe = VK_NULL_HANDLE;
  char d[32], s[64], w[8]; int p; uint32_t lv[6];
  while (scanf("%31s %63s %7s %d %x %x %x %x %x %x", d, s, w, &p, &lv[0], &lv[1], &lv[2], &lv[3], &lv[4], &lv[5]) == 10) {
    snprintf(key, sizeof key, "tes_%s_%s_%s_%d.spv", d, s, w, p);
    if (strcmp(key, cur_key)) {
      if (pipe) vkDestroyPipeline(dev, pipe, 0);
      strcpy(cur_key, key);
      VkShaderModule tes = module(key);
      VkPipelineShaderStageCreateInfo st[3] = {
        { VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, 0, 0, VK_SHADER_STAGE_VERTEX_BIT, vs, "main", 0 },
        { VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, 0, 0, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, tcs, "main", 0 },
        { VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, 0, 0, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, tes, "main", 0 },
      };
      VkPipelineVertexInputStateCreateInfo vi = { VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO };
      VkPipelineInputAssemblyStateCreateInfo ia = { VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, 0, 0, VK_PRIMITIVE_TOPOLOGY_PATCH_LIST, 0 };
      VkPipelineTessellationStateCreateInfo ts = { VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO, 0, 0, 1 };
      VkViewport vp = { 0, 0, 1, 1, 0, 1 }; VkRect2D sc = { {0, 0}, {1, 1} };
      VkPipelineViewportStateCreateInfo vps = { VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, 0, 0, 1, &vp, 1, &sc };
      VkPipelineRasterizationStateCreateInfo rs = { VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO, 0, 0, 0, VK_TRUE, VK_POLYGON_MODE_FILL, VK_CULL_MODE_NONE, VK_FRONT_FACE_COUNTER_CLOCKWISE, 0, 0, 0, 0, 1.0f };
      VkPipelineMultisampleStateCreateInfo ms = { VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO, 0, 0, VK_SAMPLE_COUNT_1_BIT };
      VkPipelineColorBlendStateCreateInfo cbs = { VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO };
      VkGraphicsPipelineCreateInfo gpci = { VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, 0, 0, 3, st, &vi, &ia, &ts, &vps, &rs, &ms, 0, &cbs, 0, layout, rp, 0, 0, 0 };
      CHECK(vkCreateGraphicsPipelines(dev, 0, 1, &gpci, 0, &pipe));
      vkDestroyShaderModule(dev, tes, 0);
    }
    memset(counter_map, 0, 4);
    memset(xfb_map, 0xff, 4096);
    VkCommandBufferBeginInfo bi = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, 0, VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, 0 };
    CHECK(vkBeginCommandBuffer(cb, &bi));
    VkRenderPassBeginInfo rpbi = { VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, 0, rp, fb, { {0, 0}, {1, 1} }, 0, 0 };
    vkCmdBeginRenderPass(cb, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, 0, 24, lv);
    VkDeviceSize zero = 0;
    bindXfb(cb, 0, 1, &xfb, &zero, &xfb_size);
    beginXfb(cb, 0, 0, 0, 0);
    vkCmdDraw(cb, 1, 1, 0, 0);
    endXfb(cb, 0, 1, &counter, &zero);
    vkCmdEndRenderPass(cb);
    CHECK(vkEndCommandBuffer(cb));
    VkSubmitInfo si = { VK_STRUCTURE_TYPE_SUBMIT_INFO, 0, 0, 0, 0, 1, &cb, 0, 0 };
    CHECK(vkQueueSubmit(queue, 1, &si, fence));
    CHECK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
    CHECK(vkResetFences(dev, 1, &fence));
    uint32_t bytes = *(uint32_t *)counter_map;
    uint32_t verts = bytes / 12;
    printf("%u", verts);
    const uint32_t *data = xfb_map;
    for (uint32_t i = 0; i < verts * 3; i++) printf(" %08x", data[i]);
    printf("\n");
    fflush(stdout);
  }
  return 0;
}
