//! Amber's device requirements (`DEVICE_FEATURE`, `DEVICE_PROPERTY`, `DEVICE_EXTENSION`,
//! `INSTANCE_EXTENSION`) against what the native device has and the executor enabled.

use crate::executor::DeviceRequirements;
use ash::vk;

/// Core features in `VkPhysicalDeviceFeatures` order (the struct is these `VkBool32`s).
const CORE: [&str; 55] = [
    "robustBufferAccess",
    "fullDrawIndexUint32",
    "imageCubeArray",
    "independentBlend",
    "geometryShader",
    "tessellationShader",
    "sampleRateShading",
    "dualSrcBlend",
    "logicOp",
    "multiDrawIndirect",
    "drawIndirectFirstInstance",
    "depthClamp",
    "depthBiasClamp",
    "fillModeNonSolid",
    "depthBounds",
    "wideLines",
    "largePoints",
    "alphaToOne",
    "multiViewport",
    "samplerAnisotropy",
    "textureCompressionETC2",
    "textureCompressionASTC_LDR",
    "textureCompressionBC",
    "occlusionQueryPrecise",
    "pipelineStatisticsQuery",
    "vertexPipelineStoresAndAtomics",
    "fragmentStoresAndAtomics",
    "shaderTessellationAndGeometryPointSize",
    "shaderImageGatherExtended",
    "shaderStorageImageExtendedFormats",
    "shaderStorageImageMultisample",
    "shaderStorageImageReadWithoutFormat",
    "shaderStorageImageWriteWithoutFormat",
    "shaderUniformBufferArrayDynamicIndexing",
    "shaderSampledImageArrayDynamicIndexing",
    "shaderStorageBufferArrayDynamicIndexing",
    "shaderStorageImageArrayDynamicIndexing",
    "shaderClipDistance",
    "shaderCullDistance",
    "shaderFloat64",
    "shaderInt64",
    "shaderInt16",
    "shaderResourceResidency",
    "shaderResourceMinLod",
    "sparseBinding",
    "sparseResidencyBuffer",
    "sparseResidencyImage2D",
    "sparseResidencyImage3D",
    "sparseResidency2Samples",
    "sparseResidency4Samples",
    "sparseResidency8Samples",
    "sparseResidency16Samples",
    "sparseResidencyAliased",
    "variableMultisampleRate",
    "inheritedQueries",
];

/// Instance extensions Vulkan 1.1 made core.
const CORE_INSTANCE_EXTENSIONS: [&str; 5] = [
    "VK_KHR_get_physical_device_properties2",
    "VK_KHR_external_memory_capabilities",
    "VK_KHR_external_semaphore_capabilities",
    "VK_KHR_external_fence_capabilities",
    "VK_KHR_device_group_creation",
];

/// Device extensions Vulkan 1.1-1.3 made core (the executor's device is 1.3 where the driver
/// is): a test naming one runs without the extension itself.
const PROMOTED: [&str; 38] = [
    "VK_KHR_16bit_storage",
    "VK_KHR_8bit_storage",
    "VK_KHR_bind_memory2",
    "VK_KHR_buffer_device_address",
    "VK_KHR_create_renderpass2",
    "VK_KHR_dedicated_allocation",
    "VK_KHR_depth_stencil_resolve",
    "VK_KHR_descriptor_update_template",
    "VK_KHR_device_group",
    "VK_KHR_draw_indirect_count",
    "VK_KHR_driver_properties",
    "VK_KHR_dynamic_rendering",
    "VK_KHR_get_memory_requirements2",
    "VK_KHR_image_format_list",
    "VK_KHR_maintenance1",
    "VK_KHR_maintenance2",
    "VK_KHR_maintenance3",
    "VK_KHR_maintenance4",
    "VK_KHR_multiview",
    "VK_KHR_relaxed_block_layout",
    "VK_KHR_sampler_ycbcr_conversion",
    "VK_KHR_shader_atomic_int64",
    "VK_KHR_shader_float16_int8",
    "VK_KHR_shader_float_controls",
    "VK_KHR_shader_integer_dot_product",
    "VK_KHR_shader_non_semantic_info",
    "VK_KHR_shader_subgroup_extended_types",
    "VK_KHR_shader_terminate_invocation",
    "VK_KHR_spirv_1_4",
    "VK_KHR_storage_buffer_storage_class",
    "VK_KHR_synchronization2",
    "VK_KHR_timeline_semaphore",
    "VK_KHR_uniform_buffer_standard_layout",
    "VK_KHR_variable_pointers",
    "VK_KHR_vulkan_memory_model",
    "VK_KHR_zero_initialize_workgroup_memory",
    "VK_EXT_descriptor_indexing",
    "VK_EXT_scalar_block_layout",
];

/// Whether the executor enables a device extension the device offers: all of them but those
/// that would change behaviour every test sees or that duplicate a promoted one.
pub fn enable_extension(name: &str) -> bool {
    !(name.contains("portability")
        || name == "VK_EXT_buffer_device_address"
        || name.starts_with("VK_EXT_robustness")
        || name == "VK_EXT_pipeline_robustness")
}

/// Vulkan 1.1-1.3 features and properties, and the extensions the device was created with.
#[derive(Default)]
pub struct Extended {
    v11: vk::PhysicalDeviceVulkan11Features<'static>,
    v12: vk::PhysicalDeviceVulkan12Features<'static>,
    v13: vk::PhysicalDeviceVulkan13Features<'static>,
    subgroup: vk::PhysicalDeviceSubgroupProperties<'static>,
    float_controls: vk::PhysicalDeviceFloatControlsProperties<'static>,
    pub extensions: Vec<String>,
}

impl Extended {
    pub fn query(
        instance: &ash::Instance,
        physical: vk::PhysicalDevice,
        v11: &vk::PhysicalDeviceVulkan11Features,
        v12: &vk::PhysicalDeviceVulkan12Features,
        v13: &vk::PhysicalDeviceVulkan13Features,
    ) -> Self {
        let mut subgroup = vk::PhysicalDeviceSubgroupProperties::default();
        let mut float_controls = vk::PhysicalDeviceFloatControlsProperties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut subgroup).push_next(&mut float_controls);
        unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
        let null = std::ptr::null_mut();
        Extended {
            v11: vk::PhysicalDeviceVulkan11Features { p_next: null, _marker: std::marker::PhantomData, ..*v11 },
            v12: vk::PhysicalDeviceVulkan12Features { p_next: null, _marker: std::marker::PhantomData, ..*v12 },
            v13: vk::PhysicalDeviceVulkan13Features { p_next: null, _marker: std::marker::PhantomData, ..*v13 },
            subgroup: vk::PhysicalDeviceSubgroupProperties { p_next: null, _marker: std::marker::PhantomData, ..subgroup },
            float_controls: vk::PhysicalDeviceFloatControlsProperties { p_next: null, _marker: std::marker::PhantomData, ..float_controls },
            extensions: Vec::new(),
        }
    }

    /// `Err` names the first requirement the device does not meet.
    pub fn check(&self, core: &vk::PhysicalDeviceFeatures, r: &DeviceRequirements) -> Result<(), String> {
        // SAFETY: VkPhysicalDeviceFeatures is exactly 55 VkBool32s, in CORE's order.
        let core_bits: [vk::Bool32; 55] = unsafe { std::mem::transmute_copy(core) };
        for name in r.features {
            let on = match name.split_once('.') {
                None => match CORE.iter().position(|c| c == name) {
                    Some(i) => core_bits[i] != 0,
                    None => return Err(format!("the feature {name} (not a Vulkan 1.0 feature)")),
                },
                Some((group, field)) => {
                    self.feature(group, field).ok_or_else(|| format!("the feature {name} (not one the harness checks)"))?
                }
            };
            if !on {
                return Err(format!("the feature {name}"));
            }
        }
        for name in r.properties {
            let on = name
                .strip_prefix("FloatControlsProperties.")
                .and_then(|f| self.float_control(f))
                .ok_or_else(|| format!("the property {name} (not one the harness checks)"))?;
            if !on {
                return Err(format!("the property {name}"));
            }
        }
        if let Some(e) = r.device_extensions.iter().find(|e| !self.extensions.contains(e) && !PROMOTED.contains(&e.as_str())) {
            return Err(format!("the device extension {e}"));
        }
        if let Some(e) = r.instance_extensions.iter().find(|e| !CORE_INSTANCE_EXTENSIONS.contains(&e.as_str())) {
            return Err(format!("the instance extension {e} (the harness's instance enables none)"));
        }
        Ok(())
    }

    /// Whether [`Extended::check`] knows the feature or property `name` (`Group.field`, or a
    /// Vulkan 1.0 feature): one it does not know makes a script skip natively, and the
    /// translated executors skip it too ([`is_checked`]).
    fn knows(name: &str) -> bool {
        let none = Extended {
            v11: Default::default(),
            v12: Default::default(),
            v13: Default::default(),
            subgroup: Default::default(),
            float_controls: Default::default(),
            extensions: Vec::new(),
        };
        match name.split_once('.') {
            None => CORE.contains(&name),
            Some(("FloatControlsProperties", field)) => none.float_control(field).is_some(),
            Some((group, field)) => none.feature(group, field).is_some(),
        }
    }

    fn feature(&self, group: &str, field: &str) -> Option<bool> {
        let (v11, v12, v13) = (&self.v11, &self.v12, &self.v13);
        let b = |x: vk::Bool32| Some(x != 0);
        match (group, field) {
            ("VariablePointerFeatures", "variablePointers") => b(v11.variable_pointers),
            ("VariablePointerFeatures", "variablePointersStorageBuffer") => b(v11.variable_pointers_storage_buffer),
            ("Storage16BitFeatures", "storageBuffer16BitAccess") => b(v11.storage_buffer16_bit_access),
            ("Storage16BitFeatures", "uniformAndStorageBuffer16BitAccess") => b(v11.uniform_and_storage_buffer16_bit_access),
            ("Storage16BitFeatures", "storagePushConstant16") => b(v11.storage_push_constant16),
            ("Storage16BitFeatures", "storageInputOutput16") => b(v11.storage_input_output16),
            ("Float16Int8Features", "shaderFloat16") => b(v12.shader_float16),
            ("Float16Int8Features", "shaderInt8") => b(v12.shader_int8),
            ("Storage8BitFeatures", "storageBuffer8BitAccess") => b(v12.storage_buffer8_bit_access),
            ("Storage8BitFeatures", "uniformAndStorageBuffer8BitAccess") => b(v12.uniform_and_storage_buffer8_bit_access),
            ("Storage8BitFeatures", "storagePushConstant8") => b(v12.storage_push_constant8),
            ("VulkanMemoryModelFeatures", "vulkanMemoryModel") => b(v12.vulkan_memory_model),
            ("VulkanMemoryModelFeatures", "vulkanMemoryModelDeviceScope") => b(v12.vulkan_memory_model_device_scope),
            ("BufferDeviceAddressFeatures", "bufferDeviceAddress") => b(v12.buffer_device_address),
            ("ZeroInitializeWorkgroupMemoryFeatures", "shaderZeroInitializeWorkgroupMemory") => {
                b(v13.shader_zero_initialize_workgroup_memory)
            }
            ("SubgroupSizeControl", "subgroupSizeControl") => b(v13.subgroup_size_control),
            ("SubgroupSizeControl", "computeFullSubgroups") => b(v13.compute_full_subgroups),
            ("SubgroupSupportedOperations", op) => {
                let f = vk::SubgroupFeatureFlags::from_raw(match op {
                    "basic" => 1,
                    "vote" => 2,
                    "arithmetic" => 4,
                    "ballot" => 8,
                    "shuffle" => 16,
                    "shuffleRelative" => 32,
                    "clustered" => 64,
                    "quad" => 128,
                    _ => return None,
                });
                Some(self.subgroup.supported_operations.contains(f))
            }
            ("SubgroupSupportedStages", stage) => {
                let s = match stage {
                    "vertex" => vk::ShaderStageFlags::VERTEX,
                    "tessellationControl" => vk::ShaderStageFlags::TESSELLATION_CONTROL,
                    "tessellationEvaluation" => vk::ShaderStageFlags::TESSELLATION_EVALUATION,
                    "geometry" => vk::ShaderStageFlags::GEOMETRY,
                    "fragment" => vk::ShaderStageFlags::FRAGMENT,
                    "compute" => vk::ShaderStageFlags::COMPUTE,
                    _ => return None,
                };
                Some(self.subgroup.supported_stages.contains(s))
            }
            _ => None,
        }
    }

    fn float_control(&self, field: &str) -> Option<bool> {
        let p = &self.float_controls;
        let v = match field {
            "shaderSignedZeroInfNanPreserveFloat16" => p.shader_signed_zero_inf_nan_preserve_float16,
            "shaderSignedZeroInfNanPreserveFloat32" => p.shader_signed_zero_inf_nan_preserve_float32,
            "shaderSignedZeroInfNanPreserveFloat64" => p.shader_signed_zero_inf_nan_preserve_float64,
            "shaderDenormPreserveFloat16" => p.shader_denorm_preserve_float16,
            "shaderDenormPreserveFloat32" => p.shader_denorm_preserve_float32,
            "shaderDenormPreserveFloat64" => p.shader_denorm_preserve_float64,
            "shaderDenormFlushToZeroFloat16" => p.shader_denorm_flush_to_zero_float16,
            "shaderDenormFlushToZeroFloat32" => p.shader_denorm_flush_to_zero_float32,
            "shaderDenormFlushToZeroFloat64" => p.shader_denorm_flush_to_zero_float64,
            "shaderRoundingModeRTEFloat16" => p.shader_rounding_mode_rte_float16,
            "shaderRoundingModeRTEFloat32" => p.shader_rounding_mode_rte_float32,
            "shaderRoundingModeRTEFloat64" => p.shader_rounding_mode_rte_float64,
            "shaderRoundingModeRTZFloat16" => p.shader_rounding_mode_rtz_float16,
            "shaderRoundingModeRTZFloat32" => p.shader_rounding_mode_rtz_float32,
            "shaderRoundingModeRTZFloat64" => p.shader_rounding_mode_rtz_float64,
            _ => return None,
        };
        Some(v != 0)
    }
}

/// SPIR-V extensions whose use needs a Vulkan device extension (the Vulkan specification's
/// table of SPIR-V extensions; those made core in 1.1-1.3 are left out).
const SPIRV_EXTENSIONS: [(&str, &str); 12] = [
    ("SPV_KHR_subgroup_uniform_control_flow", "VK_KHR_shader_subgroup_uniform_control_flow"),
    ("SPV_KHR_workgroup_memory_explicit_layout", "VK_KHR_workgroup_memory_explicit_layout"),
    ("SPV_EXT_shader_atomic_float_add", "VK_EXT_shader_atomic_float"),
    ("SPV_EXT_shader_atomic_float_min_max", "VK_EXT_shader_atomic_float2"),
    ("SPV_EXT_shader_atomic_float16_add", "VK_EXT_shader_atomic_float2"),
    ("SPV_KHR_fragment_shader_barycentric", "VK_KHR_fragment_shader_barycentric"),
    ("SPV_EXT_fragment_shader_interlock", "VK_EXT_fragment_shader_interlock"),
    ("SPV_KHR_maximal_reconvergence", "VK_KHR_shader_maximal_reconvergence"),
    ("SPV_KHR_quad_control", "VK_KHR_shader_quad_control"),
    ("SPV_EXT_demote_to_helper_invocation", "VK_EXT_shader_demote_to_helper_invocation"),
    ("SPV_KHR_ray_query", "VK_KHR_ray_query"),
    ("SPV_KHR_shader_clock", "VK_KHR_shader_clock"),
];

impl Extended {
    /// The Vulkan extension a module's `OpExtension` needs that the device was not created
    /// with: the module cannot run here (the CTS asks for such extensions outside its Amber
    /// files).
    pub fn missing_for_module(&self, words: &[u32]) -> Option<String> {
        for name in spirv_extensions(words) {
            if let Some((_, vk)) = SPIRV_EXTENSIONS.iter().find(|(spv, _)| *spv == name) {
                let core = *vk == "VK_EXT_shader_demote_to_helper_invocation";
                if !core && !self.extensions.iter().any(|e| e == vk) {
                    return Some(format!("the device extension {vk} (the shader uses {name})"));
                }
            }
        }
        None
    }
}

/// The names of a module's `OpExtension` instructions.
fn spirv_extensions(words: &[u32]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let (count, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if count == 0 || i + count > words.len() {
            break;
        }
        if op == 10 {
            let bytes: Vec<u8> = words[i + 1..i + count].iter().flat_map(|w| w.to_le_bytes()).take_while(|b| *b != 0).collect();
            out.push(String::from_utf8_lossy(&bytes).into_owned());
        }
        i += count;
    }
    out
}

/// Whether the native executor checks the device feature or property `name` (as an Amber
/// script's `DEVICE_FEATURE` or `DEVICE_PROPERTY` names it).
pub fn is_checked(name: &str) -> bool {
    Extended::knows(name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_checked_features_are_those_check_answers() {
        for known in
            ["fragmentStoresAndAtomics", "Float16Int8Features.shaderFloat16", "FloatControlsProperties.shaderDenormPreserveFloat16"]
        {
            assert!(super::is_checked(known), "{known}");
        }
        for unknown in ["ShaderLongVectorFeaturesEXT.longVector", "Float16Int8Features.shaderFloat17", "notAFeature"] {
            assert!(!super::is_checked(unknown), "{unknown}");
        }
    }
}
