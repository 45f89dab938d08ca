// SPDX-License-Identifier: MIT
// The scene writer's pieces shared by its files: world_save.c (settings, bodies, joints) and
// world_save_particles.c (particles and their constraints).
#pragma once

#include "world.h"

#include <stdio.h>

/// A JSON number that reads back to the same ttReal.
void ttWriteReal( FILE* file, ttReal value );
void ttWriteVec3( FILE* file, ttVec3 v );
void ttWriteQuat( FILE* file, ttQuat q );
/// ", \"key\": value"
void ttKeyReal( FILE* file, const char* key, ttReal value );
void ttKeyVec3( FILE* file, const char* key, ttVec3 value );
void ttKeyBool( FILE* file, const char* key, bool value );

/// ",\n  \"particles\": [...],\n  \"particleConstraints\": [...]" for a world with particles,
/// nothing otherwise; bodyNames[i] is the name the file gives body i. False when memory runs out
/// (the file is then incomplete and must be dropped).
bool ttSaveParticles( FILE* file, ttWorld* world, const char ( *bodyNames )[40] );
