// The PNG module. See Package.swift for its place in the module graph.
