//! Compute pipelines shared between the plans of one device.
//!
//! Every tessellated plan carries the same tessellator kernels (count, prefix sum, emit: WGSL
//! written by the translator, the same text for every pipeline of one spacing and primitive
//! mode), and a driver compiles each of them again for every plan: on lavapipe that compile
//! is most of a small tessellated draw's cost. A [`KernelCache`] given in
//! [`crate::PipelineConfig::kernel_cache`] makes the second plan reuse the first one's
//! pipeline.
//!
//! Invariant: a cached pipeline is reused only for a pass whose shader text, entry point,
//! pipeline-overridable constants and bind group layout entries (group by group) are equal to
//! those it was created with; wgpu deduplicates bind group layouts of equal entries, so bind
//! groups made for the new plan's layouts bind to the cached pipeline. The cache belongs to
//! one device (a pipeline of another device is never returned: the device is part of the key).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What makes two compute pipelines interchangeable.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct KernelKey {
    pub device: wgpu::Device,
    pub wgsl: String,
    pub entry_point: String,
    /// Override constants as (name, value bits).
    pub constants: Vec<(String, u64)>,
    /// The layout's bind groups: (group, entries) for each group the pipeline layout names.
    pub layout: Vec<(u32, Vec<wgpu::BindGroupLayoutEntry>)>,
}

/// Compute pipelines by what they were made from. Cloning shares the cache.
#[derive(Debug, Clone, Default)]
pub struct KernelCache {
    pipelines: Arc<Mutex<HashMap<KernelKey, wgpu::ComputePipeline>>>,
    hits: Arc<std::sync::atomic::AtomicU64>,
}

impl KernelCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// The pipeline made for `key`, made by `make` the first time.
    pub(crate) fn get_or_make(&self, key: KernelKey, make: impl FnOnce() -> wgpu::ComputePipeline) -> wgpu::ComputePipeline {
        // A poisoned lock only means another thread panicked while inserting: the map is intact.
        let mut pipelines = self.pipelines.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = pipelines.get(&key) {
            self.hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return p.clone();
        }
        let p = make();
        pipelines.insert(key, p.clone());
        p
    }

    /// Pipelines held.
    pub fn len(&self) -> usize {
        self.pipelines.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many pipeline creations the cache answered.
    pub fn hits(&self) -> u64 {
        self.hits.load(std::sync::atomic::Ordering::Relaxed)
    }
}
