import DragKit
import GtkKit

extension Widget {
    /// The widget's allocated size in DragKit's terms: the area a drop target on it may act
    /// in (`DropSession.update(at:within:target:)`).
    var size: Size { Size(width: Double(width), height: Double(height)) }
}
