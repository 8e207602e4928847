import UIKit

class RoundedButton: UIButton {}
