import TestSupport

/// The repository this test target was built from (its `devices/`, `scenarios/`, fixtures).
let repository = Repository.root
