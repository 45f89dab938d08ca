// SPDX-License-Identifier: MIT
// Checks on PNG files for the renderer tests:
//   tether_image_check compare IMAGE REFERENCE MAX_MEAN
//       fails unless IMAGE is not blank (over 5% of its pixels differ from its corner colour by
//       more than 30) and the mean absolute difference per channel from REFERENCE is <= MAX_MEAN
//   tether_image_check dominant IMAGE X Y r|g|b
//       fails unless, at pixel (X, Y) and its 8 neighbours on average, that channel exceeds each
//       of the other two by at least 40 (a body of that colour is drawn there)
//   tether_image_check coverage MIN_PERCENT IMAGE...
//       fails unless in every image at least MIN_PERCENT of the pixels differ from the renderer's
//       sky colour by more than 30 (summed over the channels): what was drawn covers that much
//   tether_image_check differs IMAGE OTHER MIN_PERCENT
//       fails unless at least MIN_PERCENT of the pixels differ between the two images by more
//       than 30 (summed over the channels): something was drawn in one and not the other
#include "png_io.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static int Compare( const char* imagePath, const char* referencePath, double maxMean )
{
	int w = 0, h = 0, rw = 0, rh = 0;
	std::vector<unsigned char> image, reference;
	if ( ReadPng( imagePath, &w, &h, &image ) == false || ReadPng( referencePath, &rw, &rh, &reference ) == false )
	{
		fprintf( stderr, "cannot read %s or %s\n", imagePath, referencePath );
		return 1;
	}
	if ( w != rw || h != rh )
	{
		fprintf( stderr, "size %dx%d differs from the reference's %dx%d\n", w, h, rw, rh );
		return 1;
	}
	size_t differing = 0, pixels = (size_t)w * (size_t)h;
	double sum = 0;
	for ( size_t p = 0; p < pixels; ++p )
	{
		int far = 0;
		for ( int c = 0; c < 3; ++c )
		{
			sum += std::abs( (int)image[p * 3 + c] - (int)reference[p * 3 + c] );
			far += std::abs( (int)image[p * 3 + c] - (int)image[(size_t)c] );
		}
		differing += far > 30 ? 1 : 0;
	}
	double mean = sum / (double)( pixels * 3 );
	double drawn = (double)differing / (double)pixels;
	printf( "%s: %.1f%% of pixels differ from the background; mean absolute difference from %s: %.3f "
	        "(tolerance %.3f)\n",
	        imagePath, 100 * drawn, referencePath, mean, maxMean );
	return drawn > 0.05 && mean <= maxMean ? 0 : 1;
}

static int Dominant( const char* imagePath, int x, int y, const char* channel )
{
	int w = 0, h = 0;
	std::vector<unsigned char> image;
	int c = channel[0] == 'r' ? 0 : ( channel[0] == 'g' ? 1 : 2 );
	if ( ReadPng( imagePath, &w, &h, &image ) == false || x < 1 || y < 1 || x >= w - 1 || y >= h - 1 )
	{
		fprintf( stderr, "cannot read %s or (%d, %d) is not inside it\n", imagePath, x, y );
		return 1;
	}
	double mean[3] = { 0, 0, 0 };
	for ( int dy = -1; dy <= 1; ++dy )
	{
		for ( int dx = -1; dx <= 1; ++dx )
		{
			for ( int k = 0; k < 3; ++k )
			{
				mean[k] += image[( (size_t)( y + dy ) * (size_t)w + (size_t)( x + dx ) ) * 3 + (size_t)k] / 9.0;
			}
		}
	}
	bool ok = mean[c] >= mean[( c + 1 ) % 3] + 40 && mean[c] >= mean[( c + 2 ) % 3] + 40;
	printf( "%s (%d, %d): rgb %.0f %.0f %.0f, %s dominant: %s\n", imagePath, x, y, mean[0], mean[1], mean[2], channel,
	        ok ? "yes" : "no" );
	return ok ? 0 : 1;
}

static int Differs( const char* imagePath, const char* otherPath, double minPercent )
{
	int w = 0, h = 0, ow = 0, oh = 0;
	std::vector<unsigned char> image, other;
	if ( ReadPng( imagePath, &w, &h, &image ) == false || ReadPng( otherPath, &ow, &oh, &other ) == false || w != ow ||
	     h != oh )
	{
		fprintf( stderr, "cannot read %s or %s, or their sizes differ\n", imagePath, otherPath );
		return 1;
	}
	size_t differing = 0, pixels = (size_t)w * (size_t)h;
	for ( size_t p = 0; p < pixels; ++p )
	{
		int far = 0;
		for ( int c = 0; c < 3; ++c )
		{
			far += std::abs( (int)image[p * 3 + c] - (int)other[p * 3 + c] );
		}
		differing += far > 30 ? 1 : 0;
	}
	double percent = 100.0 * (double)differing / (double)pixels;
	printf( "%s: %.2f%% of pixels differ from %s (at least %.2f%% required)\n", imagePath, percent, otherPath,
	        minPercent );
	return percent >= minPercent ? 0 : 1;
}

// The renderer's clear colour (0.62, 0.70, 0.78) as 8-bit values (renderer.cpp, Renderer::Draw).
static const int kSky[3] = { 158, 179, 199 };

static int Coverage( double minPercent, int count, char** paths )
{
	int failures = 0;
	for ( int i = 0; i < count; ++i )
	{
		int w = 0, h = 0;
		std::vector<unsigned char> image;
		if ( ReadPng( paths[i], &w, &h, &image ) == false )
		{
			fprintf( stderr, "cannot read %s\n", paths[i] );
			failures += 1;
			continue;
		}
		size_t drawn = 0, pixels = (size_t)w * (size_t)h;
		for ( size_t p = 0; p < pixels; ++p )
		{
			int far = 0;
			for ( int c = 0; c < 3; ++c )
			{
				far += std::abs( (int)image[p * 3 + (size_t)c] - kSky[c] );
			}
			drawn += far > 30 ? 1 : 0;
		}
		double percent = 100.0 * (double)drawn / (double)( pixels > 0 ? pixels : 1 );
		bool ok = percent >= minPercent;
		printf( "%s: %.2f%% of the pixels drawn (at least %.2f%% required)%s\n", paths[i], percent, minPercent,
		        ok ? "" : ": FAIL" );
		failures += ok ? 0 : 1;
	}
	return failures == 0 && count > 0 ? 0 : 1;
}

int main( int argc, char** argv )
{
	if ( argc >= 4 && strcmp( argv[1], "coverage" ) == 0 )
	{
		return Coverage( atof( argv[2] ), argc - 3, argv + 3 );
	}
	if ( argc == 5 && strcmp( argv[1], "compare" ) == 0 )
	{
		return Compare( argv[2], argv[3], atof( argv[4] ) );
	}
	if ( argc == 6 && strcmp( argv[1], "dominant" ) == 0 )
	{
		return Dominant( argv[2], atoi( argv[3] ), atoi( argv[4] ), argv[5] );
	}
	if ( argc == 5 && strcmp( argv[1], "differs" ) == 0 )
	{
		return Differs( argv[2], argv[3], atof( argv[4] ) );
	}
	fprintf( stderr, "usage: tether_image_check compare IMAGE REFERENCE MAX_MEAN | dominant IMAGE X Y r|g|b\n"
	                 "                          | differs IMAGE OTHER MIN_PERCENT | coverage MIN_PERCENT IMAGE...\n" );
	return 2;
}
