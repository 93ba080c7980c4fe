/// Every export `scenec export` offers, in the order its usage and help list them.
public enum ExporterRegistry {
  public static let all: [any SceneExporter] = [
    SVGSceneExporter(), FilmstripSceneExporter(), LottieSceneExporter(),
    VideoSceneExporter(),
  ]

  public static var names: [String] { all.map(\.name) }

  public static func named(_ name: String) -> (any SceneExporter)? { all.first { $0.name == name } }
}
