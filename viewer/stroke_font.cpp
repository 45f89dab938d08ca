// SPDX-License-Identifier: MIT
#include "stroke_font.h"

#include <cmath>

namespace
{
// Glyphs on a grid of x 0..4 and y 0..8: baseline at y 2, capitals and digits up to 8, the x
// height at 6, descenders down to 0. A glyph is polylines of points "xy" separated by spaces,
// polylines separated by '|'. Boxy shapes, like a segment display, read best at a few pixels.
struct Glyph
{
	char c;
	const char* strokes;
};

const Glyph kGlyphs[] = {
    { '0', "02 42 48 08 02" },
    { '1', "16 28 22|12 32" },
    { '2', "08 48 45 05 02 42" },
    { '3', "08 48 42 02|15 45" },
    { '4', "08 05 45|38 32" },
    { '5', "48 08 05 35 44 43 32 02" },
    { '6', "48 08 02 42 45 05" },
    { '7', "08 48 22" },
    { '8', "02 42 48 08 02|05 45" },
    { '9', "02 42 48 08 05 45" },
    { '.', "12 22 23 13 12" },
    { ',', "13 23 22 11" },
    { '-', "05 45" },
    { '+', "05 45|27 23" },
    { '=', "04 44|06 46" },
    { ':', "13 23|16 26" },
    { '/', "02 48" },
    { '%', "02 48|08 17|33 42" },
    { '(', "38 26 24 32" },
    { ')', "18 26 24 12" },
    { '[', "38 18 12 32" },
    { ']', "18 38 32 12" },
    { '_', "01 41" },
    { '*', "15 35|24 26|14 36|16 34" },
    { '<', "47 05 43" },
    { '>', "07 45 03" },
    { '\'', "28 26" },
    { '"', "18 16|38 36" },
    { '#', "13 17|33 37|04 44|06 46" },
    { '!', "28 24|22 23" },
    { '?', "07 08 48 45 25 24|22 23" },
    { 'A', "02 08 48 42|05 45" },
    { 'B', "02 08 38 47 46 35 05|35 44 43 32 02" },
    { 'C', "48 08 02 42" },
    { 'D', "02 08 38 47 43 32 02" },
    { 'E', "48 08 02 42|05 35" },
    { 'F', "48 08 02|05 35" },
    { 'G', "48 08 02 42 45 25" },
    { 'H', "08 02|48 42|05 45" },
    { 'I', "18 38|28 22|12 32" },
    { 'J', "48 42 02 04" },
    { 'K', "08 02|48 05 42" },
    { 'L', "08 02 42" },
    { 'M', "02 08 25 48 42" },
    { 'N', "02 08 42 48" },
    { 'O', "02 42 48 08 02" },
    { 'P', "02 08 48 45 05" },
    { 'Q', "02 42 48 08 02|24 41" },
    { 'R', "02 08 48 45 05|25 42" },
    { 'S', "48 08 05 45 42 02" },
    { 'T', "08 48|28 22" },
    { 'U', "08 02 42 48" },
    { 'V', "08 22 48" },
    { 'W', "08 02 24 42 48" },
    { 'X', "08 42|48 02" },
    { 'Y', "08 25 48|25 22" },
    { 'Z', "08 48 02 42" },
    { 'a', "06 46 42 02 04 44" },
    { 'b', "08 02 42 46 06" },
    { 'c', "46 06 02 42" },
    { 'd', "48 42 02 06 46" },
    { 'e', "04 44 46 06 02 42" },
    { 'f', "38 28 22|16 36" },
    { 'g', "43 03 06 46 40 00" },
    { 'h', "08 02|06 46 42" },
    { 'i', "25 22|27 28" },
    { 'j', "25 20 00|27 28" },
    { 'k', "08 02|36 04 42" },
    { 'l', "18 28 22 32" },
    { 'm', "02 06 46 42|26 22" },
    { 'n', "02 06 46 42" },
    { 'o', "02 42 46 06 02" },
    { 'p', "00 06 46 43 03" },
    { 'q', "40 46 06 03 43" },
    { 'r', "02 06|04 26 46" },
    { 's', "46 06 04 44 42 02" },
    { 't', "18 12 32|06 36" },
    { 'u', "06 02 42 46" },
    { 'v', "06 22 46" },
    { 'w', "06 02 24 42 46" },
    { 'x', "06 42|46 02" },
    { 'y', "06 03 43|46 40 00" },
    { 'z', "06 46 02 42" },
};

const float kAdvance = 6;                // grid units per character: 4 of glyph, 2 of gap
const char* kMissing = "02 42 48 08 02"; // a box for characters without a glyph

const char* Strokes( char c )
{
	if ( c == ' ' )
	{
		return "";
	}
	for ( const Glyph& glyph : kGlyphs )
	{
		if ( glyph.c == c )
		{
			return glyph.strokes;
		}
	}
	return kMissing;
}

void AddGlyph( Renderer& renderer, float x, float y, const char* strokes, float unit, Vec3f color )
{
	// y is the top of the line (grid y 8); grid y grows upwards.
	bool havePrevious = false;
	float px = 0, py = 0;
	for ( const char* s = strokes; *s != 0; )
	{
		if ( *s == '|' )
		{
			havePrevious = false;
			++s;
			continue;
		}
		if ( *s == ' ' )
		{
			++s;
			continue;
		}
		float gx = (float)( s[0] - '0' ), gy = (float)( s[1] - '0' );
		s += s[1] != 0 ? 2 : 1;
		// Whole pixels keep the strokes crisp at small sizes.
		float qx = std::round( x + gx * unit ), qy = std::round( y + ( 8 - gy ) * unit );
		if ( havePrevious )
		{
			renderer.AddScreenLine( px, py, qx, qy, color );
			if ( unit >= 1.5f )
			{
				renderer.AddScreenLine( px + 1, py, qx + 1, qy, color ); // bold where there is room
			}
		}
		px = qx;
		py = qy;
		havePrevious = true;
	}
}
} // namespace

float StrokeTextWidth( const char* text, float capHeight )
{
	float unit = capHeight / 6;
	size_t length = 0;
	while ( text[length] != 0 )
	{
		++length;
	}
	return length > 0 ? ( (float)length * kAdvance - 2 ) * unit + 1 : 0;
}

float StrokeTextHeight( float capHeight )
{
	return capHeight / 6 * 8;
}

void AddStrokeText( Renderer& renderer, float x, float y, const char* text, float capHeight, Vec3f color )
{
	float unit = capHeight / 6;
	for ( const char* c = text; *c != 0; ++c )
	{
		AddGlyph( renderer, x, y, Strokes( *c ), unit, color );
		x += kAdvance * unit;
	}
}
