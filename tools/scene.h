// SPDX-License-Identifier: MIT
// Scene files: JSON descriptions of a world (settings, bodies, shapes, joints, initial
// velocities, probes) shared by the CLI, the tests and the benchmarks. See docs/scene-format.md.
#pragma once

#include "tether/tether.h"

#define TT_SCENE_NAME_SIZE 64

typedef enum ttProbeType
{
	ttProbe_distance = 0, ///< distance between a point on bodyA and a point on bodyB (m)
	ttProbe_position,     ///< world position of a point on a body (m), three columns
	ttProbe_jointAngle,   ///< hinge angle, spherical twist, prismatic offset or distance length
} ttProbeType;

typedef struct ttProbe
{
	char name[TT_SCENE_NAME_SIZE];
	ttProbeType type;
	ttBodyId bodyA, bodyB; ///< bodyA is the body of a position probe
	ttVec3 localPointA, localPointB;
	ttJointId joint;
} ttProbe;

/// What the scene built out of particles (scene_particles.c), for the viewer and the renderer:
/// the ids and, for cloth, soft bodies and tires, the surface triangles (indices into `particles`).
typedef enum ttParticleGroupKind
{
	ttParticleGroup_particles = 0,
	ttParticleGroup_rope,
	ttParticleGroup_cloth,
	ttParticleGroup_softBody,
	ttParticleGroup_tire,
} ttParticleGroupKind;

typedef struct ttParticleGroup
{
	char name[TT_SCENE_NAME_SIZE];
	ttParticleGroupKind kind;
	ttParticleId* particles;
	int particleCount;
	int* triangles; ///< 3 per triangle
	int triangleCount;
} ttParticleGroup;

typedef struct ttScene
{
	char name[TT_SCENE_NAME_SIZE];
	ttWorldId worldId;
	ttReal timeStep; ///< s, default 1/60
	ttReal seconds;  ///< default duration of `tether run`
	int bodyCount;
	ttBodyId* bodies;
	char ( *bodyNames )[TT_SCENE_NAME_SIZE];
	int jointCount;
	ttJointId* joints;
	char ( *jointNames )[TT_SCENE_NAME_SIZE];
	int probeCount;
	ttProbe* probes;
	int particleGroupCount;
	ttParticleGroup* particleGroups;
} ttScene;

/// The largest scene file ttScene_LoadFile reads (256 MiB; the largest shipped scene is a few MB).
#define TT_SCENE_FILE_MAX_BYTES ( (size_t)256 << 20 )

/// Mesh "file" paths of scene files are confined to the scene file's directory tree: an absolute
/// path or one with a ".." component is refused (a scene from elsewhere cannot make the loader
/// open any file on the machine). This process-wide switch lifts the rule (`tether
/// --any-mesh-path`); false by default.
void ttScene_AllowAnyMeshPath( bool allow );

/// Load a scene file and create its world. On failure returns false, creates nothing, and writes
/// a message naming the file, the field (as a JSON path such as bodies[3].shapes[0].radius) and
/// what is wrong into error.
bool ttScene_LoadFile( const char* path, ttScene* scene, char* error, int errorSize );
/// The same for a JSON text; sourceName is used in messages.
bool ttScene_LoadString( const char* text, const char* sourceName, ttScene* scene, char* error, int errorSize );
/// The text of a scene file (malloc'd, NUL-terminated), read with the checks of ttScene_LoadFile;
/// NULL and a message naming the file on failure.
char* ttScene_ReadFile( const char* path, char* error, int errorSize );
/// The keys of a scene's `world` object, NULL-terminated (`tether sweep` checks its --param keys).
const char* const* ttScene_WorldKeys( void );
/// Destroy the world and free the scene's arrays.
void ttScene_Destroy( ttScene* scene );

/// Null id when absent.
ttBodyId ttScene_FindBody( const ttScene* scene, const char* name );
ttJointId ttScene_FindJoint( const ttScene* scene, const char* name );
/// Index of the probe with this name, or -1.
int ttScene_FindProbe( const ttScene* scene, const char* name );

/// Number of scalar columns a probe writes (3 for position probes, 1 otherwise).
int ttProbe_ColumnCount( const ttProbe* probe );
/// Evaluate a probe now; writes ttProbe_ColumnCount values.
void ttProbe_Evaluate( const ttProbe* probe, ttReal* values );

/// The built-in showcase scene as JSON text (used by `tether run` with no scene).
const char* ttScene_ShowcaseJson( void );
