//! The command lines of the fuzzers' binaries: flags with values, a usage error exits 2.

/// The arguments after the program name, read flag by flag.
pub struct Args {
    tool: &'static str,
    rest: std::vec::IntoIter<String>,
}

impl Args {
    pub fn new(tool: &'static str) -> Args {
        Args { tool, rest: std::env::args().skip(1).collect::<Vec<_>>().into_iter() }
    }

    pub fn next_flag(&mut self) -> Option<String> {
        self.rest.next()
    }

    /// The value after `flag`.
    pub fn value(&mut self, flag: &str) -> String {
        self.rest.next().unwrap_or_else(|| self.usage(&format!("{flag} needs a value")))
    }

    /// The number after `flag`.
    pub fn number(&mut self, flag: &str) -> u64 {
        let v = self.value(flag);
        v.parse().unwrap_or_else(|_| self.usage(&format!("bad number `{v}`")))
    }

    pub fn usage(&self, message: &str) -> ! {
        eprintln!("{}: {message}", self.tool);
        std::process::exit(2)
    }
}
