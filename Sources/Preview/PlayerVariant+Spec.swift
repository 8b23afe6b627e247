import JSONText
import Spec
import Stage

extension PlayerVariant {
  /// The Spec panel's text for this variant (`flipbook spec`'s formats, keyed by name), or null
  /// when its motion cannot be written out (the reason goes under `error`).
  var specJSON: JSONValue {
    do {
      let spec = try SceneSpec(documents: [clip.document])
      var fields: JSONObject = [:]
      for format in SpecFormat.allCases { fields[format.rawValue] = .string(spec.text(format)) }
      return .object(fields)
    } catch {
      return .object(["error": .string("\(error)")])
    }
  }
}
