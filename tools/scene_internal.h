// SPDX-License-Identifier: MIT
// Shared between the parts of the scene loader (scene.c: world, bodies, shapes, probes;
// scene_joints.c: joints). Not part of the scene API.
#pragma once

#include "mesh_file.h"
#include "scene.h"
#include "scene_reader.h"

/// A name and the index of the object it names, sorted by name for binary search.
typedef struct ttNameEntry
{
	const char* name;
	int index;
} ttNameEntry;

typedef struct ttSceneLoader
{
	ttSceneReader reader;
	ttScene* scene;
	ttNameEntry* bodyIndex; ///< scene->bodyCount entries sorted by name
	ttNameEntry* jointIndex;
	/// Whether a shape of the body being read has volume and density > 0: the library gives a
	/// body without one a unit mass, which a scene file must ask for explicitly.
	bool bodyHasShapeMass;
} ttSceneLoader;

/// Sort `count` names (an array of TT_SCENE_NAME_SIZE strings) into a new index, failing with
/// the path arrayKey[i].name when a name appears twice.
bool ttLoader_IndexNames( ttSceneLoader* loader, const char* arrayKey, char ( *names )[TT_SCENE_NAME_SIZE], int count,
                          ttNameEntry** index );
/// Index into the names of the entry with this name, or -1.
int ttLoader_FindName( const ttNameEntry* index, int count, const char* name );

/// Look up the string object[key] in a table of `count` names; *value is its place. Fails listing
/// the valid names (and when absent, if required).
bool ttLoader_Enum( ttSceneLoader* loader, const cJSON* object, const char* key, const char* const* names, int count,
                    bool required, int* value );

/// Resolve the body named by object[key]. Absent or null gives the null id (the world) when
/// allowWorld, an error otherwise.
bool ttLoader_BodyRef( ttSceneLoader* loader, const cJSON* object, const char* key, bool allowWorld, ttBodyId* body );

/// Fail at object path .key with the message the library logged for a rejected call.
bool ttLoader_LibraryError( ttSceneLoader* loader, const char* key, const char* call );

/// Create the joints of the array root["joints"] (which may be absent).
bool ttLoader_Joints( ttSceneLoader* loader, const cJSON* joints );

/// The mesh file named by item["file"] (OBJ or STL, relative to the scene file and inside its
/// directory unless ttScene_AllowAnyMeshPath; scene_mesh.c).
bool ttLoader_MeshFile( ttSceneLoader* loader, const cJSON* item, ttMeshFile* mesh );

/// Mesh and heightfield shapes (scene_mesh.c); the null id after a reader failure or a rejected
/// call (then the library's message is pending).
ttShapeId ttLoader_Mesh( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttShapeDef* def );
ttShapeId ttLoader_Heightfield( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttShapeDef* def );

/// Particles, ropes, cloths and soft bodies of the root's "particles", "ropes", "cloths" and
/// "softBodies" arrays (scene_particles.c), after the bodies (attachments name them).
bool ttLoader_Particles( ttSceneLoader* loader, const cJSON* root );
/// Create the constraints of root["particleConstraints"] (which may be absent) on the loose
/// particles of the file (`loose`: their group, NULL when there are none).
bool ttLoader_ParticleConstraints( ttSceneLoader* loader, const cJSON* root, const ttParticleGroup* loose );
/// Free the scene's particle groups (the particles go with the world).
void ttScene_FreeParticleGroups( ttScene* scene );
