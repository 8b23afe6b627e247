// Earlier names of three model types, kept so code written against them still builds.
// Prefer the `…Spec` names: Motion has its own `Interaction`, `ProgressMapping` and
// `ReleaseRule`, so these aliases need the `Scene.` prefix wherever both are imported.
public typealias Interaction = InteractionSpec
public typealias ProgressMapping = ProgressSpec
public typealias ReleaseRule = ReleaseSpec
