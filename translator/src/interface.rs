//! Matching the outputs of one stage against the inputs of the next (Vulkan's interface
//! matching rules, restricted to location-decorated variables; built-ins are handled by the
//! lowering passes).

use crate::desc::Stage;
use crate::error::TranslateError;
use crate::reflect::{InterfaceVar, Reflection};

/// Returns, for each consumer input, the producer output it reads (by variable id).
pub fn match_stages<'c>(producer: &Reflection, consumer: &'c Reflection) -> Result<Vec<(u32, &'c InterfaceVar)>, TranslateError> {
    let mut pairs = Vec::new();
    for input in &consumer.inputs {
        let Some(output) = producer.outputs.iter().find(|o| {
            o.patch == input.patch
                && o.component == input.component
                && input.location >= o.location
                && input.location < o.location + o.ty.locations
        }) else {
            return Err(TranslateError::InterfaceMissing {
                producer: producer.stage,
                consumer: consumer.stage,
                consumer_var: input.describe(),
            });
        };
        let mismatch = |reason: String| TranslateError::InterfaceMismatch {
            producer: producer.stage,
            producer_var: output.describe(),
            consumer: consumer.stage,
            consumer_var: input.describe(),
            reason,
        };
        if output.location != input.location {
            return Err(mismatch("the input starts inside an output array or matrix".into()));
        }
        if output.ty.kind != input.ty.kind || output.ty.width != input.ty.width {
            return Err(mismatch(format!("component types differ ({} vs {})", output.ty, input.ty)));
        }
        if output.ty.components < input.ty.components {
            return Err(mismatch(format!("the output has {} components, the input reads {}", output.ty.components, input.ty.components)));
        }
        if output.ty.locations != input.ty.locations {
            return Err(mismatch(format!("array sizes differ ({} vs {} locations)", output.ty.locations, input.ty.locations)));
        }
        if consumer.stage == Stage::Fragment && input.ty.kind != crate::reflect::ScalarKind::Float && !input.interpolation.flat {
            return Err(mismatch("integer fragment inputs must be decorated Flat".into()));
        }
        pairs.push((output.id, input));
    }
    Ok(pairs)
}
