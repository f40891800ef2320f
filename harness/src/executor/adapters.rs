//! The devices each executor could use, listed without creating any (the `adapters`
//! subcommand, which the runner runs as a child before a run to check `--adapter` and to learn
//! the native driver's name).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Adapters {
    /// Vulkan physical devices as (device name, driver name), for the native executor.
    pub vulkan: Vec<(String, String)>,
    /// wgpu adapters on the Vulkan backend.
    pub wgpu_vulkan: Vec<String>,
    /// wgpu adapters on the GL backend.
    pub wgpu_gl: Vec<String>,
}

impl Adapters {
    pub fn list() -> Adapters {
        super::translated::quiet_headless_gl();
        Adapters {
            vulkan: vulkan_devices(),
            wgpu_vulkan: wgpu_adapters(wgpu::Backends::VULKAN),
            wgpu_gl: wgpu_adapters(wgpu::Backends::GL),
        }
    }

    /// Every adapter name, each once, for messages.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.vulkan.iter().map(|(d, _)| d.clone()).chain(self.wgpu_vulkan.iter().cloned()).collect();
        v.extend(self.wgpu_gl.iter().cloned());
        v.sort();
        v.dedup();
        v
    }

    /// Whether some adapter's name contains `filter` (case-insensitive), as `--adapter` matches.
    pub fn any_matches(&self, filter: &str) -> bool {
        let f = filter.to_lowercase();
        self.names().iter().any(|n| n.to_lowercase().contains(&f))
    }

    /// The driver name of the Vulkan device the native executor would pick.
    pub fn native_driver(&self, filter: Option<&str>) -> Option<String> {
        self.vulkan
            .iter()
            .find(|(d, _)| filter.is_none_or(|f| d.to_lowercase().contains(&f.to_lowercase())))
            .map(|(_, driver)| driver.clone())
    }
}

fn vulkan_devices() -> Vec<(String, String)> {
    use ash::vk;
    // SAFETY: loading the system Vulkan loader; a missing loader is an empty list.
    let Ok(entry) = (unsafe { ash::Entry::load() }) else { return Vec::new() };
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_2);
    let ci = vk::InstanceCreateInfo::default().application_info(&app);
    let Ok(instance) = (unsafe { entry.create_instance(&ci, None) }) else { return Vec::new() };
    let mut out = Vec::new();
    for pd in unsafe { instance.enumerate_physical_devices() }.unwrap_or_default() {
        let props = unsafe { instance.get_physical_device_properties(pd) };
        let name = props.device_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
        let mut dp = vk::PhysicalDeviceDriverProperties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut dp);
        unsafe { instance.get_physical_device_properties2(pd, &mut p2) };
        let driver = dp.driver_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
        out.push((name, driver));
    }
    unsafe { instance.destroy_instance(None) };
    out
}

fn wgpu_adapters(backends: wgpu::Backends) -> Vec<String> {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = backends;
    let instance = wgpu::Instance::new(desc);
    pollster::block_on(instance.enumerate_adapters(backends)).iter().map(|a| a.get_info().name).collect()
}
