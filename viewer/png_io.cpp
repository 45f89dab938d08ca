// SPDX-License-Identifier: MIT
#include "png_io.h"

#include <png.h>

#include <cstdio>
#include <cstring>

bool WritePng( const char* path, int width, int height, const std::vector<unsigned char>& rgb )
{
	png_image image;
	memset( &image, 0, sizeof( image ) );
	image.version = PNG_IMAGE_VERSION;
	image.width = (png_uint_32)width;
	image.height = (png_uint_32)height;
	image.format = PNG_FORMAT_RGB;
	// Frames of a video are written once and read once by ffmpeg: speed over size.
	image.flags = PNG_IMAGE_FLAG_FAST;
	return png_image_write_to_file( &image, path, 0, rgb.data(), width * 3, nullptr ) != 0;
}

bool ReadPng( const char* path, int* width, int* height, std::vector<unsigned char>* rgb )
{
	png_image image;
	memset( &image, 0, sizeof( image ) );
	image.version = PNG_IMAGE_VERSION;
	if ( png_image_begin_read_from_file( &image, path ) == 0 )
	{
		return false;
	}
	image.format = PNG_FORMAT_RGB;
	rgb->resize( PNG_IMAGE_SIZE( image ) );
	if ( png_image_finish_read( &image, nullptr, rgb->data(), 0, nullptr ) == 0 )
	{
		png_image_free( &image );
		return false;
	}
	*width = (int)image.width;
	*height = (int)image.height;
	return true;
}
