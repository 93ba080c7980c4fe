import SceneCLI
