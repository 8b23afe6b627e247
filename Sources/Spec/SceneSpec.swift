import Foundation
import Scene

/// What `flipbook spec` prints: the code targets and the numbers table.
public enum SpecFormat: String, CaseIterable, Sendable {
  case uikit, swiftui, compose, css, table
}

/// A scene's motion spec: the plan of one or more variants of a scene, printed as UIKit,
/// SwiftUI, Jetpack Compose, CSS / Web Animations, or a numbers table.
public struct SceneSpec: Sendable {
  /// The first plan is the one the code targets show; the table lists them all.
  public let plans: [MotionPlan]

  /// Gathers the plan of each document (the scene as loaded, one per variant).
  public init(documents: [SceneDocument]) throws(SpecError) {
    precondition(!documents.isEmpty, "a spec needs a scene")
    var plans: [MotionPlan] = []
    for d in documents { plans.append(try MotionPlan(document: d)) }
    self.plans = plans
  }

  /// The text of one format (code for the first plan; the table for all plans).
  public func text(_ format: SpecFormat) -> String {
    let plan = plans[0]
    switch format {
    case .uikit: return UIKitCode.make(plan)
    case .swiftui: return SwiftUICode.make(plan)
    case .compose: return ComposeCode.make(plan)
    case .css: return CSSCode.make(plan)
    case .table: return NumbersTable.text(plans)
    }
  }

  /// Every format, each under a `==== FORMAT ====` heading.
  public var all: String {
    SpecFormat.allCases.map { "==== \($0.rawValue) ====\n" + text($0) }.joined(separator: "\n")
  }
}
