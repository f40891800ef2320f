//! Compute dispatches on the native driver: the module as it is, the job's descriptors
//! (shared with rendering), one dispatch, the storage buffers read back.

use super::{vkerr, NativeExecutor, Scratch};
use crate::executor::{ComputeJob, ExecError};
use ash::vk;

impl NativeExecutor {
    pub(super) fn run_compute(&mut self, job: &ComputeJob) -> Result<Vec<(usize, Vec<u8>)>, ExecError> {
        let test = &job.test;
        self.check_requirements(test)?;
        self.check_resource_limits(test)?;
        let l = &self.limits;
        if job.groups.iter().zip(l.max_compute_work_group_count).any(|(g, m)| *g > m) {
            return Err(ExecError::Skip(format!(
                "{:?} workgroups (maxComputeWorkGroupCount {:?})",
                job.groups, l.max_compute_work_group_count
            )));
        }
        if let Some(what) = self.extended.missing_for_module(&job.spirv) {
            return Err(ExecError::Skip(format!("{} lacks {what}", self.info.device)));
        }
        let d = &self.device;
        let mut sc = Scratch::new(d);
        let bound = self.descriptors(&mut sc, test)?;
        let code = job.spirv.clone();
        let module = unsafe { d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&code), None) }
            .map_err(vkerr("vkCreateShaderModule"))?;
        sc.modules.push(module);
        let spec_entries: Vec<vk::SpecializationMapEntry> = test
            .specialization
            .iter()
            .enumerate()
            .map(|(i, (id, _))| vk::SpecializationMapEntry { constant_id: *id, offset: 4 * i as u32, size: 4 })
            .collect();
        let spec_data: Vec<u8> = test.specialization.iter().flat_map(|(_, v)| v.word().to_le_bytes()).collect();
        let spec = vk::SpecializationInfo::default().map_entries(&spec_entries).data(&spec_data);
        let entry =
            std::ffi::CString::new(job.entry_point.as_str()).map_err(|_| ExecError::Device("entry point name holds a NUL".into()))?;
        let mut stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module).name(&entry);
        if !spec_entries.is_empty() {
            stage = stage.specialization_info(&spec);
        }
        sc.layout = super::pipeline_layout(d, &sc.set_layouts, test.push_constants.as_ref(), vk::ShaderStageFlags::COMPUTE)?;
        let info = [vk::ComputePipelineCreateInfo::default().stage(stage).layout(sc.layout)];
        sc.pipeline = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &info, None) }
            .map_err(|(_, e)| vkerr("vkCreateComputePipelines")(e))?[0];
        let cmd = self.begin_commands(&mut sc, &bound.uploads)?;
        unsafe {
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, sc.pipeline);
            if !bound.sets.is_empty() {
                d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::COMPUTE, sc.layout, 0, &bound.sets, &[]);
            }
            if let Some(p) = &test.push_constants {
                d.cmd_push_constants(cmd, sc.layout, vk::ShaderStageFlags::COMPUTE, 0, p);
            }
            d.cmd_dispatch(cmd, job.groups[0], job.groups[1], job.groups[2]);
        }
        self.submit_and_wait(&mut sc, cmd)?;
        let out = self.read_storage(&bound);
        drop(sc);
        out
    }
}
