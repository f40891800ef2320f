//! Matching the outputs of one stage against the inputs of the next (Vulkan's interface
//! matching rules, restricted to location-decorated variables; built-ins are handled by the
//! lowering passes).

use crate::desc::Stage;
use crate::error::TranslateError;
use crate::reflect::{InterfaceVar, Reflection};

/// Returns, for each consumer input, the producer outputs it reads (by variable id): one, or
/// several consecutive ones when the input spans locations the producer writes piecewise (a
/// vertex stage's array output, flattened by `lower::flatten_io`, read by a tessellation control
/// stage's per-vertex array of arrays).
pub fn match_stages<'c>(producer: &Reflection, consumer: &'c Reflection) -> Result<Vec<(u32, &'c InterfaceVar)>, TranslateError> {
    let mut pairs = Vec::new();
    for input in &consumer.inputs {
        let covering = |location: u32| {
            producer.outputs.iter().find(|o| {
                o.patch == input.patch && o.component == input.component && location >= o.location && location < o.location + o.ty.locations
            })
        };
        let Some(first) = covering(input.location) else {
            return Err(TranslateError::InterfaceMissing {
                producer: producer.stage,
                consumer: consumer.stage,
                consumer_var: input.describe(),
            });
        };
        let mismatch = |output: &InterfaceVar, reason: String| TranslateError::InterfaceMismatch {
            producer: producer.stage,
            producer_var: output.describe(),
            consumer: consumer.stage,
            consumer_var: input.describe(),
            reason,
        };
        if first.location != input.location {
            return Err(mismatch(first, "the input starts inside an output array or matrix".into()));
        }
        // The outputs that write the input's locations, one after the other.
        let end = input.location + input.ty.locations;
        let mut location = input.location;
        let mut output = first;
        loop {
            if output.ty.kind != input.ty.kind || output.ty.width != input.ty.width {
                return Err(mismatch(output, format!("component types differ ({} vs {})", output.ty, input.ty)));
            }
            if output.ty.components < input.ty.components {
                return Err(mismatch(
                    output,
                    format!("the output has {} components, the input reads {}", output.ty.components, input.ty.components),
                ));
            }
            location += output.ty.locations;
            pairs.push((output.id, input));
            if location >= end {
                break;
            }
            match covering(location) {
                Some(next) if next.location == location => output = next,
                _ => {
                    return Err(mismatch(first, format!("array sizes differ ({} vs {} locations)", first.ty.locations, input.ty.locations)))
                }
            }
        }
        if location != end {
            return Err(mismatch(first, format!("array sizes differ ({} vs {} locations)", first.ty.locations, input.ty.locations)));
        }
        if consumer.stage == Stage::Fragment && input.ty.kind != crate::reflect::ScalarKind::Float && !input.interpolation.flat {
            return Err(mismatch(first, "integer fragment inputs must be decorated Flat".into()));
        }
    }
    Ok(pairs)
}
