use super::*;
use crate::tessellator::{point_count, primitive_count, TessConfig};

const DOMAINS: [Domain; 3] = [Domain::Triangles, Domain::Quads, Domain::Isolines];
const SPACINGS: [Spacing; 3] = [Spacing::Equal, Spacing::FractionalOdd, Spacing::FractionalEven];

fn modes() -> Vec<TessMode> {
    let mut v = Vec::new();
    for domain in DOMAINS {
        for spacing in SPACINGS {
            for winding in [Winding::Cw, Winding::Ccw] {
                for point_mode in [false, true] {
                    v.push(TessMode { domain, spacing, winding, point_mode });
                }
            }
        }
    }
    v
}

fn bindings(group: u32) -> TessBindings {
    TessBindings { group, draw: 0, levels: 24, counts: 25, offsets: 26, domain: 27, indices: 28, indirect: 29 }
}

fn validate(what: &str, src: &str) -> naga::Module {
    let module = naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{what}: {}\n{src}", e.emit_to_string(src)));
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
        .validate(&module)
        .unwrap_or_else(|e| panic!("{what}: {}", e.emit_to_string(src)));
    module
}

/// Parses and validates `src`, then validates the module a pipeline gets with `constants`
/// for its overrides (what wgpu does when it creates the pipeline).
fn validate_with(what: &str, src: &str, constants: &[(&str, f64)]) -> naga::Module {
    let module = naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{what}: {}\n{src}", e.emit_to_string(src)));
    let mut validator = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities());
    let info = validator.validate(&module).unwrap_or_else(|e| panic!("{what}: {}", e.emit_to_string(src)));
    let mut values = naga::back::PipelineConstants::default();
    for (name, value) in constants {
        values.insert(name.to_string(), *value);
    }
    let (specialized, _) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &values)
        .unwrap_or_else(|e| panic!("{what}: with {constants:?}: {e}"));
    validator.validate(&specialized).unwrap_or_else(|e| panic!("{what}: specialized: {}", e.emit_to_string(src)));
    module
}

#[test]
fn every_kernel_of_every_mode_validates() {
    for mode in modes() {
        let k = kernels(mode, &bindings(2));
        assert_eq!(k.scan.len(), 3);
        let tessellate = ("tessellate", &k.tessellate, &[][..], &[COUNT_ENTRY, EMIT_ENTRY][..], WORKGROUP);
        let scans = k.scan.iter().map(|s| ("scan", s, &[][..], &[ENTRY_POINT][..], 256));
        for (name, src, constants, entries, size) in std::iter::once(tessellate).chain(scans) {
            let module = validate_with(&format!("{mode:?} {name}"), src, constants);
            let names: Vec<&str> = module.entry_points.iter().map(|e| e.name.as_str()).collect();
            assert_eq!(names, entries, "{mode:?} {name}");
            for ep in &module.entry_points {
                assert_eq!(ep.stage, naga::ShaderStage::Compute);
                assert_eq!(ep.workgroup_size, [size, 1, 1], "{mode:?} {name}");
            }
            // Every resource is in the emulation group.
            for (_, var) in module.global_variables.iter() {
                if let Some(b) = &var.binding {
                    assert_eq!(b.group, 2, "{mode:?} {name}: {:?}", var.name);
                }
            }
        }
    }
}

/// Spacing, winding and point mode come from the draw uniform: every mode of a domain has the same
/// `tessellate` text (one parse serves them all), and the scans are the same for every mode.
#[test]
fn kernel_text_depends_on_the_domain_only() {
    let all = modes();
    for mode in &all {
        let k = kernels(*mode, &bindings(2));
        for other in all.iter().filter(|o| o.domain == mode.domain) {
            assert!(k.tessellate == kernels(*other, &bindings(2)).tessellate, "{mode:?} and {other:?}");
        }
        assert_eq!(k.scan, kernels(all[0], &bindings(2)).scan, "{mode:?}");
    }
}

#[test]
fn kernels_declare_the_callers_bindings() {
    let b = bindings(3);
    let mode = TessMode { domain: Domain::Quads, spacing: Spacing::FractionalOdd, winding: Winding::Ccw, point_mode: false };
    let k = kernels(mode, &b);
    // (binding, name, space) of what each entry point of `src` uses.
    let used = |src: &str| -> Vec<(String, Vec<(u32, String, naga::AddressSpace)>)> {
        let m = validate("bindings", src);
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities()).validate(&m).unwrap();
        (0..m.entry_points.len())
            .map(|e| {
                let uses = info.get_entry_point(e);
                let mut v: Vec<_> = m
                    .global_variables
                    .iter()
                    .filter(|(h, _)| !uses[*h].is_empty())
                    .filter_map(|(_, g)| g.binding.as_ref().map(|r| (r.binding, g.name.clone().unwrap_or_default(), g.space)))
                    .collect();
                v.sort_by_key(|x| x.0);
                (m.entry_points[e].name.clone(), v)
            })
            .collect()
    };
    let rw = naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE };
    let ro = naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD };
    let tessellate = used(&k.tessellate);
    let [(count_name, count), (emit_name, emit)] = &tessellate[..] else { panic!("two entry points: {tessellate:?}") };
    assert_eq!((count_name.as_str(), emit_name.as_str()), (COUNT_ENTRY, EMIT_ENTRY));
    assert!(count.contains(&(24, "tess_levels".into(), ro)));
    assert!(count.contains(&(25, "tess_counts".into(), rw)));
    assert!(count.iter().any(|x| x.0 == bindings(0).draw));
    // The tessellator reads no index: it declares no index buffer (a binding the plan would
    // have to bind, and text every cold translation parses).
    assert!(!k.tessellate.contains("tesserae_indices"), "no index buffer declared");
    assert!(emit.contains(&(24, "tess_levels".into(), ro)));
    for (binding, name) in [(26, "tess_offsets"), (27, "tess_domain"), (28, "tess_out_indices")] {
        assert!(emit.contains(&(binding, name.into(), rw)), "{emit:?}");
        assert!(!count.iter().any(|x| x.0 == binding), "count does not use {name}");
    }
    assert!(!emit.iter().any(|x| x.1 == "tess_counts"), "emit does not use the counts");
    // Each scan declares what it reads or writes, and nothing else: blocks read the counts,
    // totals write the indirect arguments, every scan reads and writes the offsets.
    let expected: [&[(u32, &str)]; 3] =
        [&[(25, "tess_counts"), (26, "tess_offsets")], &[(26, "tess_offsets"), (29, "tess_indirect")], &[(26, "tess_offsets")]];
    assert_eq!(k.scan.len(), expected.len());
    for (scan, expected) in k.scan.iter().zip(expected) {
        let [(_, s)] = &used(scan)[..] else { panic!("one entry point") };
        let s: Vec<_> = s.iter().filter(|x| x.0 != bindings(0).draw).cloned().collect();
        let expected: Vec<_> = expected.iter().map(|(b, n)| (*b, n.to_string(), rw)).collect();
        assert_eq!(s, expected);
    }
    // The domain is in the text, the rest of the mode comes from the draw uniform: no
    // pipeline constants, so every mode of a domain is one pipeline.
    assert!(k.tessellate.contains("const TESS_DOMAIN: u32 = 1u;") && k.tessellate.contains("TESS_SPACING = mode & 3u;"));
    assert!(validate("tessellate", &k.tessellate).overrides.is_empty());
    assert_eq!(mode.draw_bits(), 1);
    let cw_points = TessMode { domain: Domain::Triangles, spacing: Spacing::FractionalEven, winding: Winding::Cw, point_mode: true };
    assert_eq!(cw_points.draw_bits(), 2 | 4 | 8);
}

#[test]
fn dispatch_helpers() {
    assert_eq!(count_workgroups(0), 0);
    assert_eq!(count_workgroups(WORKGROUP), 1);
    assert_eq!(count_workgroups(WORKGROUP + 1), 2);
    assert_eq!(scan_workgroups(1 << 22), [4096, 1, 4096]);
    assert_eq!(scan_workgroups(1025), [2, 1, 2]);
    assert_eq!(offsets_len(1025), 2050 + 4);
    assert_eq!(dispatch_size(65536, 65535), [65535, 2, 1]);
    assert_eq!(dispatch_size(100, 65535), [100, 1, 1]);
}

/// Deterministic xorshift.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A level in (0, max] or one of the interesting values below max.
    fn level(&mut self, max: u32) -> f32 {
        let m = max as f32;
        match self.next() % 6 {
            0 => m,
            1 => (self.next() % max as u64 + 1) as f32,
            2 => ((self.next() % max as u64 + 1) as f32 - 1.0 / 131072.0).max(1e-3),
            3 => f32::from_bits(self.next() as u32),
            _ => ((self.next() >> 40) as f32 / (1u64 << 24) as f32) * m + 1e-4,
        }
    }
}

#[test]
fn bounds_hold_against_the_cpu_tessellator() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    // The exact maxima at 64: every level 64 (quads 65 × 65 points), fractional-even levels
    // just above 62 and so on are all below them.
    assert_eq!(max_points_per_patch(Domain::Quads, 64), 4225);
    assert_eq!(max_points_per_patch(Domain::Triangles, 64), 3169);
    assert_eq!(max_points_per_patch(Domain::Isolines, 64), 64 * 65);
    for max in 1..=64u32 {
        for domain in DOMAINS {
            let bound_points = max_points_per_patch(domain, max);
            let bound_entries = max_indices_per_patch(domain, false, max);
            assert_eq!(max_indices_per_patch(domain, true, max), bound_points);
            for spacing in SPACINGS {
                let mut worst = (0, 0);
                for k in 0..300 {
                    let mut levels = [0.0f32; 6];
                    for l in &mut levels {
                        *l = if k == 0 { max as f32 } else { rng.level(max) };
                        // The caller clamps to at most `max` (NaN and the rest pass through).
                        if *l > max as f32 {
                            *l = max as f32;
                        }
                    }
                    let cfg = TessConfig {
                        domain,
                        spacing,
                        winding: Winding::Cw,
                        point_mode: false,
                        outer: [levels[0], levels[1], levels[2], levels[3]],
                        inner: [levels[4], levels[5]],
                    };
                    let points = point_count(&cfg) as u32;
                    let per = if domain == Domain::Isolines { 2 } else { 3 };
                    let entries = primitive_count(&cfg) as u32 * per;
                    assert!(points <= bound_points, "{cfg:?}: {points} points > {bound_points}");
                    assert!(entries <= bound_entries, "{cfg:?}: {entries} entries > {bound_entries}");
                    worst = (worst.0.max(points), worst.1.max(entries));
                }
                // Not wildly loose either: at max = 64 the bound is reached.
                if max == 64 && spacing == Spacing::Equal {
                    assert_eq!(worst.0, bound_points, "{domain:?}");
                }
            }
        }
    }
}
