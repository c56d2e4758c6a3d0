// The pixel geometry of photos (`PixelSize`, `PixelRect`, `PixelPoint`) and `ThumbnailFormat`
// live beside the decoder, in DecoderKit, which the `drover-decode` helper links alone; they
// are GalleryKit's API as much as before.
@_exported import DecoderKit
