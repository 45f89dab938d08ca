// SPDX-License-Identifier: MIT
// Unit meshes as triangle lists of interleaved position and normal (6 floats per vertex).
#pragma once

#include <vector>

void BuildSphereMesh( std::vector<float>& out, int slices, int stacks );
void BuildBoxMesh( std::vector<float>& out );
void BuildCylinderMesh( std::vector<float>& out, int slices );
/// Unit disc in the xz plane at y = 0, normal +y: the caps of solid cylinders.
void BuildDiscMesh( std::vector<float>& out, int slices );
void BuildGroundMesh( std::vector<float>& out );
