// SPDX-License-Identifier: MIT
// Triangle mesh files for the scene loader (mesh_file.c): Wavefront OBJ (v and f statements,
// polygons fan-triangulated, negative indices, v/vt/vn index forms) and STL, binary or ASCII.
// The core library reads no files; this is the tools' loader. Errors are strict and say
// "file:line: what is wrong" (binary STL: the triangle number instead of the line).
#pragma once

#include "tether/tether.h"

#include <stddef.h>

typedef struct ttMeshFile
{
	ttVec3* vertices;
	int vertexCount;
	int* indices; ///< 3 per triangle
	int triangleCount;
} ttMeshFile;

/// Load by extension (.obj, .stl; case-insensitive). False with a message in error otherwise.
bool ttMeshFile_Load( const char* path, ttMeshFile* mesh, char* error, int errorSize );
/// Parse OBJ text; name is used in messages.
bool ttMeshFile_ParseObj( const char* text, size_t size, const char* name, ttMeshFile* mesh, char* error,
                          int errorSize );
/// Parse STL bytes (binary when the size matches the triangle count in the header, else ASCII).
bool ttMeshFile_ParseStl( const unsigned char* data, size_t size, const char* name, ttMeshFile* mesh, char* error,
                          int errorSize );
void ttMeshFile_Free( ttMeshFile* mesh );
