// A program that embeds the runtime imports SceneRuntime only (docs/embedding.md). The values it reads back are
// SceneCore's — `LayerFrame`, `SlotLayout`, `BezierPath`, `AffineTransform` — and SceneCore holds nothing but what
// the runtime uses, so it is re-exported whole rather than wrapped type by type: one name for each type, the
// same in the compiler, the exporters and an app.
@_exported import SceneCore
