// refused: tessellation control stage: unsupported feature: interface variable `tc_out` is an array of blocks or structs
