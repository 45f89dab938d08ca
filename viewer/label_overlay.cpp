// SPDX-License-Identifier: MIT
#include "label_overlay.h"

#include "stroke_font.h"

#include <cmath>

namespace
{
struct Box
{
	float x0, y0, x1, y1;
};

bool Overlaps( const Box& a, const Box& b )
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}
} // namespace

int AddLabelOverlay( Renderer& renderer, const std::vector<WorldLabel>& labels, const Mat4f& viewProjection, int width,
                     int height )
{
	// A cap height of a sixtieth of the picture: 9 pixels (bold strokes) at 540, never under 6
	// (one pixel per grid unit, thin strokes).
	float capHeight = std::fmax( 6.0f, std::round( (float)height / 60 ) );
	float textHeight = StrokeTextHeight( capHeight );
	std::vector<Box> placed;
	for ( const WorldLabel& label : labels )
	{
		float x = 0, y = 0;
		if ( ProjectToScreen( viewProjection, label.position, width, height, &x, &y ) == false )
		{
			continue;
		}
		// Beside the point, up and to the right, where the viewer's ImGui labels go.
		float textWidth = StrokeTextWidth( label.text.c_str(), capHeight );
		Box box = { x + 6, y - 6 - textHeight, x + 6 + textWidth, y - 6 };
		if ( box.x1 > (float)width - 3 )
		{
			box.x0 = x - 6 - textWidth; // near the right edge: to the left of the point instead
			box.x1 = x - 6;
		}
		bool free = box.x1 > 0 && box.x0 < (float)width && box.y1 > 0 && box.y0 < (float)height;
		for ( const Box& other : placed )
		{
			free = free && Overlaps( box, other ) == false;
		}
		if ( free == false )
		{
			continue;
		}
		placed.push_back( { box.x0 - 2, box.y0 - 2, box.x1 + 2, box.y1 + 2 } );
		// White text on a dark tag (filled row by row with screen lines) reads on any background;
		// a tick joins the tag to its point.
		const Vec3f dark = { 0.08f, 0.08f, 0.1f };
		renderer.AddScreenLine( x, y, box.x0, box.y1 + 1, dark );
		for ( float row = std::floor( box.y0 - 2 ); row <= box.y1 + 1; row += 1 )
		{
			renderer.AddScreenLine( box.x0 - 2, row, box.x1 + 2, row, dark );
		}
		AddStrokeText( renderer, box.x0, box.y0, label.text.c_str(), capHeight, { 1, 1, 1 } );
	}
	return (int)placed.size();
}
