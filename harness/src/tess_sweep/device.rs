//! The Vulkan device the capture runs on: instance, a device with the features the capture
//! pipeline needs (tessellation, geometry shaders, stores from pre-rasterization stages), and
//! host-visible buffers that stay mapped. Setup follows `executor/native.rs`.

use crate::executor::INSTALL_HINT;
use ash::vk;

/// Why the capture could not run or failed.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// No loader, no driver, no matching device, or a device without the needed features:
    /// nothing can be compared (the sweep exits with 125).
    #[error("{0}")]
    Unavailable(String),
    /// The driver or the shader compiler failed after setup.
    #[error("{0}")]
    Failed(String),
}

pub(super) fn vkerr(what: &'static str) -> impl Fn(vk::Result) -> CaptureError {
    move |e| CaptureError::Failed(format!("{what}: {e}"))
}

pub(super) struct Gpu {
    _entry: ash::Entry,
    pub instance: ash::Instance,
    pub physical: vk::PhysicalDevice,
    pub device: ash::Device,
    pub queue: vk::Queue,
    pub queue_family: u32,
    /// Device name and driver version, for the report.
    pub description: String,
}

impl Gpu {
    /// The first device whose name contains `adapter` (case-insensitive) and that has
    /// `tessellationShader`, `geometryShader` and `vertexPipelineStoresAndAtomics`.
    pub fn new(adapter: Option<&str>) -> Result<Gpu, CaptureError> {
        let unavailable = |m: String| CaptureError::Unavailable(m);
        // SAFETY: loading the system Vulkan loader; failure is reported, not assumed.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| unavailable(format!("no Vulkan loader ({e}); {INSTALL_HINT}")))?;
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_1);
        let instance = unsafe { entry.create_instance(&vk::InstanceCreateInfo::default().application_info(&app), None) }
            .map_err(|e| unavailable(format!("no Vulkan driver ({e}); {INSTALL_HINT}")))?;
        match Self::pick(&instance, adapter) {
            Ok((physical, queue_family, description)) => {
                let features = vk::PhysicalDeviceFeatures {
                    tessellation_shader: vk::TRUE,
                    geometry_shader: vk::TRUE,
                    vertex_pipeline_stores_and_atomics: vk::TRUE,
                    ..Default::default()
                };
                let priorities = [1.0f32];
                let qci = [vk::DeviceQueueCreateInfo::default().queue_family_index(queue_family).queue_priorities(&priorities)];
                let dci = vk::DeviceCreateInfo::default().queue_create_infos(&qci).enabled_features(&features);
                match unsafe { instance.create_device(physical, &dci, None) } {
                    Ok(device) => {
                        let queue = unsafe { device.get_device_queue(queue_family, 0) };
                        Ok(Gpu { _entry: entry, instance, physical, device, queue, queue_family, description })
                    }
                    Err(e) => {
                        unsafe { instance.destroy_instance(None) };
                        Err(CaptureError::Failed(format!("vkCreateDevice: {e}")))
                    }
                }
            }
            Err(e) => {
                unsafe { instance.destroy_instance(None) };
                Err(e)
            }
        }
    }

    fn pick(instance: &ash::Instance, adapter: Option<&str>) -> Result<(vk::PhysicalDevice, u32, String), CaptureError> {
        let devices = unsafe { instance.enumerate_physical_devices() }.map_err(vkerr("vkEnumeratePhysicalDevices"))?;
        let mut seen = Vec::new();
        for pd in devices {
            let props = unsafe { instance.get_physical_device_properties(pd) };
            let name = props.device_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
            if adapter.is_some_and(|a| !name.to_lowercase().contains(&a.to_lowercase())) {
                seen.push(name);
                continue;
            }
            let f = unsafe { instance.get_physical_device_features(pd) };
            let missing: Vec<&str> = [
                (f.tessellation_shader, "tessellationShader"),
                (f.geometry_shader, "geometryShader"),
                (f.vertex_pipeline_stores_and_atomics, "vertexPipelineStoresAndAtomics"),
            ]
            .iter()
            .filter(|(v, _)| *v == vk::FALSE)
            .map(|(_, n)| *n)
            .collect();
            let families = unsafe { instance.get_physical_device_queue_family_properties(pd) };
            let family = families.iter().position(|f| f.queue_flags.contains(vk::QueueFlags::GRAPHICS));
            match (missing.is_empty(), family) {
                (true, Some(family)) => return Ok((pd, family as u32, format!("{name}, {}", Self::driver(instance, pd, &props)))),
                (false, _) => seen.push(format!("{name} lacks {}", missing.join(", "))),
                (true, None) => seen.push(format!("{name} has no graphics queue")),
            }
        }
        Err(CaptureError::Unavailable(format!(
            "no usable Vulkan device{} (devices: {}); {INSTALL_HINT}",
            adapter.map(|a| format!(" matching {a:?}")).unwrap_or_default(),
            if seen.is_empty() { "none".into() } else { seen.join("; ") }
        )))
    }

    /// The driver's name and version (Vulkan 1.2 driver properties, e.g. `llvmpipe Mesa
    /// 22.3.6`), or the raw driver version before 1.2.
    fn driver(instance: &ash::Instance, pd: vk::PhysicalDevice, props: &vk::PhysicalDeviceProperties) -> String {
        let v = props.api_version;
        if vk::api_version_major(v) == 1 && vk::api_version_minor(v) < 2 {
            return format!("driver version {:#x}", props.driver_version);
        }
        let mut dp = vk::PhysicalDeviceDriverProperties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut dp);
        unsafe { instance.get_physical_device_properties2(pd, &mut p2) };
        let name = dp.driver_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
        let info = dp.driver_info_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
        format!("{name} {info}")
    }

    fn host_memory_type(&self, bits: u32) -> Option<u32> {
        let want = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let mp = unsafe { self.instance.get_physical_device_memory_properties(self.physical) };
        (0..mp.memory_type_count).find(|&i| bits & (1 << i) != 0 && mp.memory_types[i as usize].property_flags.contains(want))
    }

    /// A host-visible, coherent storage buffer of `size` bytes, mapped for its whole life.
    pub fn buffer(&self, size: u64) -> Result<Buffer, CaptureError> {
        let d = &self.device;
        let size = size.max(16);
        let ci = vk::BufferCreateInfo::default().size(size).usage(vk::BufferUsageFlags::STORAGE_BUFFER);
        let buffer = unsafe { d.create_buffer(&ci, None) }.map_err(vkerr("vkCreateBuffer"))?;
        let req = unsafe { d.get_buffer_memory_requirements(buffer) };
        let Some(ty) = self.host_memory_type(req.memory_type_bits) else {
            unsafe { d.destroy_buffer(buffer, None) };
            return Err(CaptureError::Failed("no host-visible coherent memory type".into()));
        };
        let ai = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
        let memory = match unsafe { d.allocate_memory(&ai, None) } {
            Ok(m) => m,
            Err(e) => {
                unsafe { d.destroy_buffer(buffer, None) };
                return Err(CaptureError::Failed(format!("vkAllocateMemory({size} bytes): {e}")));
            }
        };
        let mapped = unsafe {
            d.bind_buffer_memory(buffer, memory, 0).and_then(|()| d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()))
        };
        match mapped {
            Ok(ptr) => Ok(Buffer { buffer, memory, ptr: ptr.cast(), words: (size / 4) as usize }),
            Err(e) => {
                unsafe {
                    d.destroy_buffer(buffer, None);
                    d.free_memory(memory, None);
                }
                Err(CaptureError::Failed(format!("binding or mapping a buffer: {e}")))
            }
        }
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// A mapped storage buffer, viewed as `u32` words. Destroyed by its owner through
/// [`Buffer::destroy`] (it does not hold the device).
pub(super) struct Buffer {
    pub buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    ptr: *mut u32,
    /// Size in 32-bit words.
    pub words: usize,
}

impl Buffer {
    /// The contents. Only call while the device is not writing the buffer (after a fence wait).
    pub fn as_slice(&self) -> &[u32] {
        // SAFETY: `ptr` maps `words` words of coherent memory for the buffer's whole life.
        unsafe { std::slice::from_raw_parts(self.ptr, self.words) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u32] {
        // SAFETY: as above; `&mut self` makes the host view unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.words) }
    }

    pub fn destroy(&self, device: &ash::Device) {
        unsafe {
            device.destroy_buffer(self.buffer, None);
            device.free_memory(self.memory, None);
        }
    }
}
