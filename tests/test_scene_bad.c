// SPDX-License-Identifier: MIT
// Malformed scene files (tests/bad_scenes/*.json): each must fail with a message that names the
// file, the JSON path of the offending field and the problem, and must leave nothing behind
// (every library allocation freed; run under AddressSanitizer for the loader's own memory).
// Every file in the directory must have an entry here, so a new bad scene cannot go untested.
#define _POSIX_C_SOURCE 200809L // opendir

#include "scene.h"
#include "test_macros.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

typedef struct BadScene
{
	const char* file;
	const char* expected; ///< a substring of the error message: the field path and the problem
} BadScene;

static const BadScene s_badScenes[] = {
    // meshes and heightfields (mesh files are named relative to the scene file)
    { "mesh_both_file_and_inline.json", "bodies[0].shapes[0]: a mesh needs either \"file\" or \"vertices\"" },
    { "mesh_index_out_of_range.json",
      "bodies[0].shapes[0].triangles: entry 0: index 3 is not a vertex index in [0, 3)" },
    { "mesh_on_dynamic_body.json", "allowed on static and kinematic bodies only" },
    // curves: static bodies only; the library's message for too few points
    { "curve_on_dynamic_body.json", "curve shapes are static scenery and allowed on static bodies only" },
    { "curve_closed_two_points.json", "a curve needs points (at least 2, or 3 when closed" },
    { "mesh_file_malformed.json",
      "bodies[0].shapes[0].file: tests/bad_scenes/meshes/mesh_bad_face.obj:7: face corner 9 refers to no vertex" },
    // mesh files outside the scene's directory tree are refused (tether --any-mesh-path lifts it)
    { "mesh_file_outside.json", "bodies[0].shapes[0].file: '../data/mesh_cube.obj' is outside the scene file's" },
    { "mesh_file_absolute.json", "bodies[0].shapes[0].file: '/etc/mesh_cube.obj' is outside the scene file's" },
    // cJSON's nesting limit (1000) is told apart from a syntax error
    { "nesting_too_deep.json", "nesting_too_deep.json:1:1012: JSON nesting too deep: arrays and objects nested 1201 "
                               "levels, more than the 1000" },
    { "heightfield_ragged_rows.json", "bodies[0].shapes[0].heights: row 1 must be an array of 3 numbers" },
    // a saved body's solver frame must agree with its pose, and is for dynamic bodies only
    { "solver_frame_disagrees.json", "bodies[0].solverFrame: disagrees with the body's position, rotation or "
                                     "linearVelocity" },
    { "solver_frame_on_static.json", "bodies[0].solverFrame: is only for dynamic bodies" },
    // particle constraints name places in "particles"; the library's checks of rest states
    { "particle_constraint_index.json",
      "particleConstraints[0].particles: entry 1 must be a whole number in [0, 2): a place in \"particles\"" },
    { "particle_constraint_rest.json", "particleConstraints[0].rest: ttParticleConstraint_SetRest" },
    { "particle_shape_match_offsets.json", "particleConstraints[0].restOffsets: must be an array of 3 to 3 points" },
    // invalid JSON: line and column
    { "invalid_json_trailing_comma.json", "invalid_json_trailing_comma.json:4:17: invalid JSON" },
    { "invalid_json_nan.json", "invalid_json_nan.json:2:69: invalid JSON" },
    { "invalid_json_comment.json", "invalid_json_comment.json:2:3: invalid JSON" },
    { "empty_file.json", "the file is empty" },
    { "filter_bit_out_of_range.json",
      "bodies[0].shapes[0].categoryBits: must list bit indices, whole numbers in [0, 63]" },
    { "not_an_object.json", "must be a JSON object" },
    // unknown and repeated keys
    { "unknown_key_typo.json", "bodies[1].positon: unknown key (did you mean 'position'?)" },
    { "unknown_top_level_key.json", "bodys: unknown key (did you mean 'bodies'?)" },
    { "unknown_world_key.json", "world.substep: unknown key (did you mean 'substeps'?)" },
    { "key_of_other_shape_type.json", "bodies[0].shapes[0].radius: unknown key (allowed here:" },
    { "duplicate_key.json", "bodies[0].shapes[0].radius: key appears twice" },
    // wrong types
    { "wrong_type_position.json", "bodies[1].position: must be an array of 3 numbers" },
    { "vec3_too_short.json", "world.gravity: must be an array of 3 numbers" },
    { "vec3_element_string.json", "bodies[1].linearVelocity[1]: must be a finite number" },
    { "bool_as_number.json", "world.contacts: must be true or false" },
    { "long_range_levels_out_of_range.json", "world.longRangeLevels: must be a whole number in [1, 16]" },
    { "long_range_bounds_unknown_key.json",
      "world.longRangeBounds.attachments.upperCompliant: unknown key (did you mean 'upperCompliance'?)" },
    { "long_range_bounds_negative.json",
      "world.longRangeBounds.hierarchy.lowerCompliance: must be a finite number >= 0" },
    { "bodies_not_array.json", "bodies: must be an array" },
    { "world_not_object.json", "world: must be an object" },
    { "name_not_string.json", "bodies[1].name: must be a string" },
    // numbers: infinite, negative, zero, out of range
    { "huge_number.json", "bodies[0].shapes[0].radius: must be a finite number > 0, got a number too large" },
    { "negative_radius.json", "bodies[0].shapes[0].radius: must be a finite number > 0, got -1" },
    { "zero_radius_capsule.json", "bodies[0].shapes[0].radius: must be a finite number > 0, got 0" },
    { "zero_half_extent.json", "bodies[0].shapes[0].halfExtents[1]: must be a finite number > 0, got 0" },
    { "negative_density.json", "bodies[0].shapes[0].density: must be a finite number >= 0, got -5" },
    { "negative_mass.json", "bodies[1].mass: must be a finite number > 0, got -2" },
    { "negative_joint_compliance.json", "joints[0].linearCompliance: must be a finite number >= 0" },
    { "negative_spring_compliance.json", "joints[0].compliance: must be a finite number >= 0, got -0.01" },
    { "negative_break_force.json", "joints[0].breakForce: must be a finite number > 0" },
    { "restitution_above_one.json", "bodies[0].shapes[0].restitution: must be a number in [0, 1], got 1.5" },
    { "negative_friction.json", "bodies[0].shapes[0].friction: must be a finite number >= 0" },
    { "substeps_zero.json", "world.substeps: must be a whole number in [1, 100000]" },
    { "substeps_fraction.json", "world.substeps: must be a whole number" },
    { "timestep_negative.json", "world.timeStep: must be a finite number > 0" },
    { "angle_out_of_range.json", "joints[0].lowerAngleDegrees: must be an angle in" },
    { "angle_radians_and_degrees.json", "joints[0].lowerAngleDegrees: give either lowerAngle" },
    { "limits_reversed.json", "joints[0].upperAngle: must be >= lowerAngle" },
    { "zero_quaternion.json", "bodies[1].rotation: must be a non-zero quaternion" },
    { "zero_axis.json", "joints[0].axis: must be a non-zero vector" },
    { "zero_plane_normal.json", "bodies[0].shapes[0].normal: must be a non-zero vector" },
    { "capsule_same_centers.json", "bodies[0].shapes[0].center2: must differ from center1" },
    // missing required fields
    { "missing_body_name.json", "bodies[1].name: is required" },
    { "missing_radius.json", "bodies[0].shapes[0].radius: is required" },
    { "missing_shape_type.json", "bodies[0].shapes[0].type: is required" },
    { "missing_joint_body.json", "joints[0].bodyB: is required" },
    { "missing_probe_name.json", "probes[0].name: is required" },
    // names: duplicates, unknown references, bad characters
    { "duplicate_body_name.json", "bodies[2].name: duplicate name 'box' (already used by bodies[1])" },
    { "duplicate_joint_name.json", "joints[1].name: duplicate name 'h'" },
    { "name_with_comma.json", "bodies[1].name: 'a,b' must not contain" },
    { "unknown_body_in_joint.json", "joints[0].bodyB: no body named 'bal'" },
    { "unknown_joint_in_probe.json", "probes[0].joint: no joint named 'hinge'" },
    { "unknown_body_in_probe.json", "probes[0].body: no body named 'Ball'" },
    // unknown types
    { "unknown_body_type.json", "bodies[1].type: unknown type 'dynamc'" },
    { "unknown_shape_type.json", "bodies[0].shapes[0].type: unknown type 'cone'" },
    { "unknown_joint_type.json", "joints[0].type: unknown type 'slider'" },
    { "unknown_probe_type.json", "probes[0].type: unknown type 'velocity'" },
    { "unknown_solver.json", "world.solver: unknown solver 'pgs'" },
    // combinations that make no sense
    { "plane_on_dynamic_body.json", "bodies[0].shapes[0].type: a plane is allowed on static bodies only" },
    { "mass_on_static_body.json", "bodies[0].mass: only dynamic bodies have a mass" },
    { "dynamic_without_mass.json", "bodies[1]: a dynamic body needs shapes with density > 0" },
    { "inertia_without_mass.json", "bodies[1].inertia: needs mass" },
    { "massless_shapes_mass_no_inertia.json", "bodies[1].inertia: is required" },
    { "joint_same_body.json", "joints[0].bodyB: must differ from bodyA" },
    { "anchor_conflict.json", "joints[0].anchorA: cannot be combined with anchor" },
    { "axis_and_frame_rotation.json", "joints[0].axis: cannot be combined with a rotation" },
    { "capsule_half_length_and_centers.json", "bodies[0].shapes[0].halfLength: give either halfLength" },
    { "rotation_and_axis_angle.json", "bodies[1].axisAngle: give either rotation or axisAngle" },
    { "axis_angle_without_angle.json", "bodies[1].axisAngle: needs exactly one of angle" },
    { "probe_on_fixed_joint.json", "probes[0].joint: 'weld' has no angle" },
    { "distance_length_and_max.json", "joints[0].maxLength: cannot be combined with length" },
};

enum
{
	badSceneCount = sizeof( s_badScenes ) / sizeof( s_badScenes[0] )
};

// Library allocations are counted so that a failed load can be shown to free all of them.
static long s_liveAllocations = 0;

static void* CountingAlloc( size_t size )
{
	s_liveAllocations += 1;
	return malloc( size );
}

static void CountingFree( void* memory )
{
	if ( memory != NULL )
	{
		s_liveAllocations -= 1;
	}
	free( memory );
}

static void CheckBadScene( const BadScene* bad )
{
	char path[512], error[1024];
	snprintf( path, sizeof( path ), "tests/bad_scenes/%s", bad->file );
	ttScene scene;
	memset( &scene, 0x5a, sizeof( scene ) ); // garbage in: the loader must not rely on a zeroed scene
	long before = s_liveAllocations;
	bool loaded = ttScene_LoadFile( path, &scene, error, (int)sizeof( error ) );
	bool named = strstr( error, path ) != NULL && strstr( error, bad->expected ) != NULL;
	printf( "%s %s\n     -> %s\n", loaded == false && named ? "ok  " : "FAIL", bad->file, error );
	ENSURE( loaded == false );
	ENSURE( named );
	ENSURE( s_liveAllocations == before );
	ENSURE( TT_IS_NULL( scene.worldId ) && scene.bodies == NULL && scene.joints == NULL && scene.probes == NULL );
	if ( loaded )
	{
		ttScene_Destroy( &scene );
	}
}

static bool IsListed( const char* file )
{
	for ( int i = 0; i < badSceneCount; ++i )
	{
		if ( strcmp( s_badScenes[i].file, file ) == 0 )
		{
			return true;
		}
	}
	return false;
}

// Every .json in the corpus has an expectation (and the table names no missing file).
static void CheckCorpusComplete( void )
{
	DIR* directory = opendir( "tests/bad_scenes" );
	ENSURE( directory != NULL );
	int files = 0;
	for ( struct dirent* entry = directory != NULL ? readdir( directory ) : NULL; entry != NULL;
	      entry = readdir( directory ) )
	{
		size_t length = strlen( entry->d_name );
		if ( length > 5 && strcmp( entry->d_name + length - 5, ".json" ) == 0 )
		{
			files += 1;
			if ( IsListed( entry->d_name ) == false )
			{
				fprintf( stderr, "FAIL tests/bad_scenes/%s has no expected message in %s\n", entry->d_name, __FILE__ );
				tt_test_failures += 1;
			}
		}
	}
	if ( directory != NULL )
	{
		closedir( directory );
	}
	ENSURE_NEAR( files, badSceneCount, 0 );
	ENSURE( badSceneCount >= 25 );
}

static void CheckMissingFile( void )
{
	ttScene scene;
	char error[512];
	bool loaded = ttScene_LoadFile( "tests/bad_scenes/does_not_exist.json", &scene, error, (int)sizeof( error ) );
	printf( "missing file -> %s\n", error );
	ENSURE( loaded == false );
	ENSURE( strstr( error, "tests/bad_scenes/does_not_exist.json" ) != NULL );
	ENSURE( TT_IS_NULL( scene.worldId ) );
	// A directory is named as one (reading it would fail with "Input/output error").
	loaded = ttScene_LoadFile( "tests/bad_scenes", &scene, error, (int)sizeof( error ) );
	printf( "directory -> %s\n", error );
	ENSURE( loaded == false );
	ENSURE( strstr( error, "tests/bad_scenes: is a directory" ) != NULL );
}

// Strings: invalid JSON gets a line number, a NULL error buffer is allowed, a tiny one truncates.
static void CheckStrings( void )
{
	ttScene scene;
	char error[256];
	ENSURE( ttScene_LoadString( "{\n\"name\": \"x\",\n\"bodies\": [ }", "inline", &scene, error, 256 ) == false );
	printf( "inline -> %s\n", error );
	ENSURE( strncmp( error, "inline:3:", 9 ) == 0 );
	ENSURE( ttScene_LoadString( "{ \"bodies\": 3 }", "inline", &scene, NULL, 0 ) == false );
	char tiny[8];
	ENSURE( ttScene_LoadString( "{ \"bodies\": 3 }", "inline", &scene, tiny, (int)sizeof( tiny ) ) == false );
	ENSURE( strlen( tiny ) < sizeof( tiny ) );
	ENSURE( ttScene_LoadString( NULL, "inline", &scene, error, 256 ) == false );
}

// A failed load must not disturb a world that is already loaded.
static void CheckOtherSceneUntouched( void )
{
	const char* good =
	    "{ \"bodies\": [ { \"name\": \"a\", \"shapes\": [ { \"type\": \"sphere\", \"radius\": 1 } ] } ] }";
	ttScene first, second;
	char error[256];
	ENSURE( ttScene_LoadString( good, "good", &first, error, 256 ) );
	ENSURE( ttScene_LoadFile( "tests/bad_scenes/negative_mass.json", &second, error, 256 ) == false );
	ENSURE( ttWorld_IsValid( first.worldId ) );
	ENSURE_NEAR( ttWorld_GetBodyCount( first.worldId ), 1, 0 );
	ttScene_Destroy( &first );
}

int main( void )
{
	ttSetAllocator( CountingAlloc, CountingFree );
	for ( int i = 0; i < badSceneCount; ++i )
	{
		CheckBadScene( s_badScenes + i );
	}
	CheckCorpusComplete();
	CheckMissingFile();
	CheckStrings();
	CheckOtherSceneUntouched();
	ENSURE_NEAR( s_liveAllocations, 0, 0 );
	return TEST_RESULT();
}
