// swift-tools-version:6.0
import PackageDescription

// The modules follow the pipeline:
//   YAML (libyaml) → located nodes → checked model → plan → runtime / exporters, and a thin CLI.
// SceneCore is the vocabulary the runtime needs (geometry, timing curves, the property table, JSON); the runtime
// depends on nothing else, so a program can load a plan and sample it without the front end (docs/embedding.md).
// SceneFrontEnd holds what only reading and lowering specs needs (SVG path parsing, measuring paths for motion,
// spring settling, Kochanek–Bartels tangents). Each non-test target lists exactly the modules its sources import
// (PackageDependencyTests holds it to that).
let package = Package(
  name: "scenec",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "scenec", targets: ["scenec"]),
    .library(name: "SceneRuntime", targets: ["SceneRuntime"]),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(name: "SceneCore"),
    .target(name: "SceneFrontEnd", dependencies: ["SceneCore"]),
    .target(name: "SceneDiagnostics", dependencies: ["SceneCore"]),
    .target(name: "SceneYAML", dependencies: ["CYAML", "SceneDiagnostics"]),
    .target(name: "SceneModel", dependencies: ["SceneCore", "SceneDiagnostics"]),
    .target(
      name: "SceneChecker",
      dependencies: ["SceneYAML", "SceneModel", "SceneDiagnostics", "SceneCore", "SceneFrontEnd"]
    ),
    .target(name: "SceneRuntime", dependencies: ["SceneCore"]),
    .target(
      name: "SceneCompiler",
      dependencies: ["SceneModel", "SceneRuntime", "SceneDiagnostics", "SceneCore", "SceneFrontEnd"]),
    .target(name: "SceneReference", dependencies: ["SceneModel", "SceneCore", "SceneFrontEnd"]),
    .target(name: "SceneExport", dependencies: ["SceneRuntime", "SceneDiagnostics", "SceneCore"]),
    // CSpawn starts rsvg-convert and ffmpeg as children that die with scenec (PR_SET_PDEATHSIG, which neither
    // Foundation's Process nor posix_spawn can ask for).
    .target(name: "CSpawn"),
    .target(
      name: "SceneCLI",
      dependencies: [
        "CSpawn", "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneExport", "SceneDiagnostics", "SceneYAML",
        "SceneCore",
      ]
    ),
    .executableTarget(name: "scenec", dependencies: ["SceneCLI"]),
    // The benchmark (issue 7; README "Benchmarks"): `swift run -c release scenec-bench`. CBenchSupport holds the
    // libyaml floor and the rlottie harness (rlottie is opened at run time, so nothing here needs it to build).
    .target(name: "CBenchSupport", dependencies: ["CYAML"]),
    .target(
      name: "SceneBenchmark",
      dependencies: [
        "CBenchSupport", "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneReference", "SceneCLI", "SceneModel",
        "SceneDiagnostics", "SceneCore", "SceneExport", "SceneYAML",
      ]
    ),
    .executableTarget(name: "scenec-bench", dependencies: ["SceneBenchmark"]),
    // libFuzzer targets (scripts/fuzz.sh builds them with -sanitize=fuzzer,address -DFUZZING; a plain build
    // replays the files given as arguments). Fuzz/README.md.
    .target(name: "FuzzSupport", path: "Fuzz/support"),
    .executableTarget(
      name: "fuzz-yaml", dependencies: ["FuzzSupport", "SceneYAML", "SceneDiagnostics"], path: "Fuzz/yaml"),
    .executableTarget(
      name: "fuzz-checker", dependencies: ["FuzzSupport", "SceneChecker", "SceneDiagnostics"], path: "Fuzz/checker"),
    .executableTarget(
      name: "fuzz-compiler",
      dependencies: ["FuzzSupport", "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneDiagnostics", "SceneCore"],
      path: "Fuzz/compiler"),
    .executableTarget(
      name: "fuzz-sampler",
      dependencies: ["FuzzSupport", "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneDiagnostics", "SceneCore"],
      path: "Fuzz/sampler"),
    .executableTarget(
      name: "fuzz-plan-roundtrip",
      dependencies: ["FuzzSupport", "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneDiagnostics", "SceneCore"],
      path: "Fuzz/plan-roundtrip"),
    // What users run: the export commands in-process (spec on standard input), and the machine replay.
    .target(name: "FuzzCLISupport", dependencies: ["SceneCLI"], path: "Fuzz/cli-support"),
    .executableTarget(
      name: "fuzz-export-svg", dependencies: ["FuzzSupport", "FuzzCLISupport"], path: "Fuzz/export-svg"),
    .executableTarget(
      name: "fuzz-export-lottie",
      dependencies: ["FuzzSupport", "FuzzCLISupport", "SceneChecker", "SceneCompiler", "SceneDiagnostics"],
      path: "Fuzz/export-lottie"),
    .executableTarget(
      name: "fuzz-machine",
      dependencies: ["FuzzSupport", "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneDiagnostics", "SceneCore"],
      path: "Fuzz/machine"),
    // The preview server's request parser (SceneCLI's HTTPRequest.parse).
    .executableTarget(name: "fuzz-http", dependencies: ["FuzzSupport", "SceneCLI"], path: "Fuzz/http"),
    // Test targets mirror the modules: each depends on the module it tests and what its files import.
    // SceneTestSupport compiles the seed specs and inline YAML for the suites that need plans, and reads the
    // integration suite's Golden/ and Fixtures/; that suite holds what needs the whole pipeline (the seeds' golden
    // samples and replays, the benchmark).
    .target(
      name: "SceneTestSupport",
      dependencies: [
        "SceneChecker", "SceneCompiler", "SceneRuntime", "SceneModel", "SceneDiagnostics", "SceneCore",
        "SceneBenchmark",
      ],
      path: "Tests/SceneTestSupport"
    ),
    .testTarget(name: "SceneCoreTests", dependencies: ["SceneCore", "SceneFrontEnd"]),
    .testTarget(name: "SceneDiagnosticsTests", dependencies: ["SceneDiagnostics", "SceneCore", "SceneTestSupport"]),
    .testTarget(name: "SceneYAMLTests", dependencies: ["SceneYAML", "SceneDiagnostics"]),
    .testTarget(
      name: "SceneCheckerTests", dependencies: ["SceneChecker", "SceneModel", "SceneDiagnostics", "SceneCore"],
      exclude: ["Fixtures"]),
    .testTarget(name: "SceneRuntimeTests", dependencies: ["SceneRuntime"]),
    .testTarget(
      name: "SceneCompilerTests",
      dependencies: [
        "SceneTestSupport", "SceneCompiler", "SceneChecker", "SceneRuntime", "SceneModel", "SceneDiagnostics",
        "SceneCore",
      ]
    ),
    .testTarget(
      name: "SceneReferenceTests",
      dependencies: [
        "SceneTestSupport", "SceneReference", "SceneCompiler", "SceneChecker", "SceneRuntime", "SceneModel",
        "SceneDiagnostics", "SceneCore", "SceneBenchmark",
      ]
    ),
    .testTarget(
      name: "SceneIntegrationTests",
      dependencies: [
        "SceneTestSupport", "SceneBenchmark", "SceneChecker", "SceneRuntime", "SceneDiagnostics", "SceneCore",
      ],
      exclude: ["Golden", "Fixtures"]
    ),
    .testTarget(
      name: "SceneCLITests",
      dependencies: [
        "SceneCLI", "SceneChecker", "SceneExport", "SceneRuntime", "SceneDiagnostics", "SceneCore",
        "SceneTestSupport",
      ]),
  ]
)
