import Foundation

extension SceneDocument {
  /// The name a person sees for this scene (page and sheet titles, chart labels, captions):
  /// its `scene:` title, or, when it has none, its file's name without the extension.
  public var displayName: String {
    if let title, !title.isEmpty { return title }
    return ((file as NSString).lastPathComponent as NSString).deletingPathExtension
  }
}
