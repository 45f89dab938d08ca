// SPDX-License-Identifier: MIT
// PNG files of 8-bit RGB images, rows top to bottom (libpng).
#pragma once

#include <vector>

bool WritePng( const char* path, int width, int height, const std::vector<unsigned char>& rgb );
/// Reads any 8-bit PNG as RGB (alpha dropped, palette and grey expanded).
bool ReadPng( const char* path, int* width, int* height, std::vector<unsigned char>* rgb );
