import Testing
@testable import Review

@Suite struct VariantPlanTests {
  let damping = "transition.interactive.complete.spring.dampingRatio"

  @Test func oneKeyMakesOneRowLabelledByTheKeysLastName() throws {
    let p = try VariantPlan(vary: ["\(damping)=0.6,0.8,1.0"], variants: [])
    #expect(p.entries.map(\.label) == ["dampingRatio 0.6", "dampingRatio 0.8", "dampingRatio 1.0"])
    #expect(p.entries[1].varied == ["\(damping)=0.8"])
    #expect(p.entries.allSatisfy { $0.variant == nil })
    #expect(p.columns == nil)
  }

  @Test func twoKeysMakeACrossProductWithTheSecondKeyAcross() throws {
    let p = try VariantPlan(vary: ["\(damping)=0.6,0.9", "transition.interactive.complete.spring.duration=0.3,0.37,0.5"], variants: [])
    #expect(p.entries.count == 6 && p.columns == 3)
    #expect(p.entries[4].label == "dampingRatio 0.9 · duration 0.37")
    #expect(p.entries[4].varied == ["\(damping)=0.9", "transition.interactive.complete.spring.duration=0.37"])
  }

  @Test func clashingLastNamesUseMoreOfThePath() throws {
    let p = try VariantPlan(vary: ["\(damping)=0.6", "transition.interactive.cancel.spring.dampingRatio=0.75"], variants: [])
    #expect(p.entries[0].label == "complete.spring.dampingRatio 0.6 · cancel.spring.dampingRatio 0.75")
  }

  @Test func namedVariantsAreRowsAndBaseIsTheSceneAsWritten() throws {
    let p = try VariantPlan(vary: [], variants: ["base", "cancelling"])
    #expect(p.entries.map(\.variant) == [nil, "cancelling"])
    #expect(p.entries.map(\.label) == ["base", "cancelling"])
    let q = try VariantPlan(vary: ["\(damping)=0.6,1"], variants: ["base", "cancelling"])
    #expect(q.entries.count == 4 && q.columns == 2)
    #expect(q.entries[3] == VariantPlan.Entry(variant: "cancelling", varied: ["\(damping)=1"], label: "cancelling · dampingRatio 1"))
  }

  @Test func valuesMayBeYAMLListsWithCommas() {
    #expect(VariantPlan.splitValues("[214, 520],[200, 600]") == ["[214, 520]", "[200, 600]"])
    #expect(VariantPlan.splitValues("'a,b', c") == ["'a,b'", "c"])
  }

  @Test(arguments: [
    (["nokey"], [String](), VariantPlan.Problem.malformedVary("nokey")),
    (["a=1", "b=2", "c=3"], [], .tooManyKeys(3)),
    (["a=1", "a=2"], [], .duplicateKey("a")),
    ([], [], .nothingToCompare),
    (["a=1,2,3,4,5", "b=1,2,3,4"], [], .tooManyCells(20, limit: 16)),
    (["a="], [], .malformedVary("a=")),
  ])
  func mistakesAreNamed(vary: [String], variants: [String], problem: VariantPlan.Problem) {
    #expect(throws: problem) { try VariantPlan(vary: vary, variants: variants) }
  }
}
