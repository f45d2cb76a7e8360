// Frames and the wire coding are part of the extension protocol's surface.
@_exported import Framing
