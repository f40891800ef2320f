//! Opt-in time per translation phase, for `tesserae-harness bench --profile`: off unless
//! [`enable`]d on the calling thread, and then one thread-local read per phase. Phases nest
//! (a phase's time includes its sub-phases'), so [`take`] keeps them in first-seen order with
//! their depth.

use std::cell::RefCell;
use std::time::{Duration, Instant};

/// One phase's totals since [`enable`].
#[derive(Debug, Clone)]
pub struct Phase {
    pub name: &'static str,
    /// Nesting depth when first seen (0: outermost).
    pub depth: usize,
    pub total: Duration,
    pub count: u64,
}

#[derive(Default)]
struct State {
    phases: Vec<Phase>,
    depth: usize,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Starts recording phases on this thread (clearing earlier ones).
pub fn enable() {
    STATE.with(|s| *s.borrow_mut() = Some(State::default()));
}

/// Stops recording and returns the phases recorded on this thread.
pub fn take() -> Vec<Phase> {
    STATE.with(|s| s.borrow_mut().take().map(|s| s.phases).unwrap_or_default())
}

/// Runs `f` as the phase `name`.
pub(crate) fn phase<T>(name: &'static str, f: impl FnOnce() -> T) -> T {
    let index = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let st = s.as_mut()?;
        let depth = st.depth;
        st.depth += 1;
        Some(match st.phases.iter().position(|p| p.name == name) {
            Some(i) => i,
            None => {
                st.phases.push(Phase { name, depth, total: Duration::ZERO, count: 0 });
                st.phases.len() - 1
            }
        })
    });
    let Some(index) = index else { return f() };
    let start = Instant::now();
    let r = f();
    let spent = start.elapsed();
    STATE.with(|s| {
        if let Some(st) = s.borrow_mut().as_mut() {
            st.depth -= 1;
            if let Some(p) = st.phases.get_mut(index) {
                p.total += spent;
                p.count += 1;
            }
        }
    });
    r
}
