// SPDX-License-Identifier: MIT
// A tiny built-in stroke font for text in headless renders, where there is no ImGui to draw it:
// each glyph is a few polylines on a 4 x 6 grid (digits, letters, the signs of numbers and units),
// drawn as the renderer's screen lines. Legible from a cap height of about 6 pixels.
#pragma once

#include "renderer.h"

/// Width in pixels of text drawn with this cap height.
float StrokeTextWidth( const char* text, float capHeight );
/// Height in pixels of a line of text of this cap height (descenders included).
float StrokeTextHeight( float capHeight );
/// Draw text with its top left corner at (x, y) pixels; from a cap height of 9 pixels each stroke
/// is doubled one pixel to the right, so that it stays readable over a busy picture. Characters
/// without a glyph are drawn as a box.
void AddStrokeText( Renderer& renderer, float x, float y, const char* text, float capHeight, Vec3f color );
