import Geometry
import JSONText
import Testing
@testable import Stage

@Suite struct CanonicalJSONTests {
  @Test func sortsKeysAndIndents() {
    let value = JSONValue.object([
      "zeta": .int(1), "alpha": .array([.number(0.5), .number(2), .null, .bool(true)]),
      "Mid": .string("a\"b\n"), "empty": .object([:]),
    ])
    #expect(value.canonicalText == """
      {
        "Mid": "a\\"b\\n",
        "alpha": [
          0.5,
          2,
          null,
          true
        ],
        "empty": {},
        "zeta": 1
      }

      """)
  }

  @Test func nonFiniteNumbersAreNull() {
    #expect(JSONValue.array([.number(.nan), .number(.infinity)]).canonicalText == "[\n  null,\n  null\n]\n")
  }

  @Test func manifestText() {
    let m = Manifest(
      fps: 60, pixelWidth: 4, pixelHeight: 2, scale: 1, frameCount: 10, frames: 2...5, sceneHash: "ab",
      events: [ClipEvent(.touchDown(Point(195, 422.5)), time: 0.3, frame: 18)])
    #expect(m.json.canonicalText == """
      {
        "events": [
          {
            "frame": 18,
            "kind": "touchDown",
            "time": 0.3,
            "x": 195,
            "y": 422.5
          }
        ],
        "fps": 60,
        "frameCount": 10,
        "frameFilePattern": "frame_%05d.png",
        "frames": {
          "first": 2,
          "last": 5
        },
        "pixelSize": {
          "height": 2,
          "width": 4
        },
        "scale": 1,
        "sceneHash": "ab"
      }

      """)
  }
}
