// SPDX-License-Identifier: MIT
// Turns a scene's particles into the renderer's meshes: cloth and soft bodies as shaded
// triangles over their particles (ttParticleGroup.triangles), every other particle as a sphere
// of its radius.
#pragma once

#include "renderer.h"
#include "tools_api.h"

void DrawParticles( Renderer& renderer, const ttScene& scene );
