// SPDX-License-Identifier: MIT
// Scene loader: world settings, bodies, shapes and probes (joints are in scene_joints.c).
// The loader checks every value itself so that errors name the JSON field; whatever the library
// still rejects is reported with the library's own message and the field path of the call.
#include "scene.h"
#include "scene_internal.h"
#include "solver_names.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// ---------------------------------------------------------------------------------------------
// Library messages. The library reports why it rejected a call through its log function, which
// takes no context pointer, so the loader captures the last message in a buffer while it runs.
// Loading is therefore not thread safe (see docs/scene-format.md).

static char s_libraryMessage[512];

static void ttCaptureLibraryMessage( const char* message )
{
	snprintf( s_libraryMessage, sizeof( s_libraryMessage ), "%s", message );
}

bool ttLoader_LibraryError( ttSceneLoader* loader, const char* key, const char* call )
{
	const char* message = s_libraryMessage[0] != 0 ? s_libraryMessage : "no message";
	return ttReader_Fail( &loader->reader, key, "%s rejected the value: %s", call, message );
}

// ---------------------------------------------------------------------------------------------
// Names

static int ttCompareNameEntries( const void* a, const void* b )
{
	const ttNameEntry* x = a;
	const ttNameEntry* y = b;
	int order = strcmp( x->name, y->name );
	return order != 0 ? order : ( x->index > y->index ) - ( x->index < y->index );
}

bool ttLoader_IndexNames( ttSceneLoader* loader, const char* arrayKey, char ( *names )[TT_SCENE_NAME_SIZE], int count,
                          ttNameEntry** index )
{
	*index = malloc( sizeof( ttNameEntry ) * (size_t)( count > 0 ? count : 1 ) );
	if ( *index == NULL )
	{
		return ttReader_Fail( &loader->reader, arrayKey, "out of memory" );
	}
	for ( int i = 0; i < count; ++i )
	{
		( *index )[i] = ( ttNameEntry ){ names[i], i };
	}
	qsort( *index, (size_t)count, sizeof( ttNameEntry ), ttCompareNameEntries );
	for ( int i = 1; i < count; ++i )
	{
		const ttNameEntry* first = *index + i - 1;
		const ttNameEntry* second = *index + i;
		if ( strcmp( first->name, second->name ) == 0 )
		{
			char where[96];
			snprintf( where, sizeof( where ), "%s[%d].name", arrayKey, second->index );
			return ttReader_Fail( &loader->reader, where, "duplicate name '%s' (already used by %s[%d])", second->name,
			                      arrayKey, first->index );
		}
	}
	return true;
}

int ttLoader_FindName( const ttNameEntry* index, int count, const char* name )
{
	int low = 0, high = count - 1;
	while ( low <= high )
	{
		int middle = low + ( high - low ) / 2;
		int order = strcmp( index[middle].name, name );
		if ( order == 0 )
		{
			return index[middle].index;
		}
		if ( order < 0 )
		{
			low = middle + 1;
		}
		else
		{
			high = middle - 1;
		}
	}
	return -1;
}

bool ttLoader_BodyRef( ttSceneLoader* loader, const cJSON* object, const char* key, bool allowWorld, ttBodyId* body )
{
	*body = ttNullBodyId;
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL || cJSON_IsNull( item ) )
	{
		return allowWorld ? true : ttReader_Fail( &loader->reader, key, "is required (the name of a body)" );
	}
	if ( cJSON_IsString( item ) == false )
	{
		return ttReader_Fail( &loader->reader, key, "must be the name of a body%s", allowWorld ? " or null" : "" );
	}
	int found = ttLoader_FindName( loader->bodyIndex, loader->scene->bodyCount, item->valuestring );
	if ( found < 0 )
	{
		return ttReader_Fail( &loader->reader, key, "no body named '%s' (names are case-sensitive)",
		                      item->valuestring );
	}
	*body = loader->scene->bodies[found];
	return true;
}

// Looks up a string value in a table of names; fails listing the valid names.
bool ttLoader_Enum( ttSceneLoader* loader, const cJSON* object, const char* key, const char* const* names, int count,
                    bool required, int* value )
{
	const char* text = NULL;
	if ( ttReader_String( &loader->reader, object, key, &text ) == false )
	{
		return false;
	}
	if ( text != NULL )
	{
		for ( int i = 0; i < count; ++i )
		{
			if ( strcmp( text, names[i] ) == 0 )
			{
				*value = i;
				return true;
			}
		}
	}
	char list[200] = { 0 };
	for ( int i = 0; i < count; ++i )
	{
		strncat( list, i > 0 ? ", " : "", sizeof( list ) - strlen( list ) - 1 );
		strncat( list, names[i], sizeof( list ) - strlen( list ) - 1 );
	}
	if ( text == NULL )
	{
		return required ? ttReader_Fail( &loader->reader, key, "is required: one of %s", list ) : true;
	}
	return ttReader_Fail( &loader->reader, key, "unknown %s '%s' (one of %s)", key, text, list );
}

// ---------------------------------------------------------------------------------------------
// World

static const char* const ttWorldKeys[] = {
    "gravity",
    "substeps",
    "iterations",
    "timeStep",
    "seconds",
    "contacts",
    "contactCompliance",
    "maxPushoutSpeed",
    "restitutionThresholdScale",
    "maxRotationPerSubstep",
    "sleep",
    "timeToSleep",
    "linearSleepThreshold",
    "angularSleepThreshold",
    "solver",
    "jointSolver",
    "jointHertz",
    "jointDampingRatio",
    "jointBaumgarte",
    "jointCfm",
    "jointTreeSolve",
    "jointJacobi",
    "contactSolver",
    "contactHertz",
    "contactDampingRatio",
    "longRange",
    "longRangeLevels",
    "longRangeBounds",
    NULL,
};

const char* const* ttScene_WorldKeys( void )
{
	return ttWorldKeys;
}

// "longRange": { "attachments": true, ... } switches the long range constraints of the world.
static bool ttLoader_LongRange( ttSceneReader* r, const cJSON* world, ttWorldDef* def )
{
	const cJSON* object = cJSON_GetObjectItemCaseSensitive( world, "longRange" );
	if ( object == NULL )
	{
		return true;
	}
	if ( ttReader_IsObject( r, object, "longRange" ) == false )
	{
		return false;
	}
	const char* names[ttLongRange_featureCount + 1];
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		names[i] = ttLongRangeFeatureName( (ttLongRangeFeature)i );
	}
	names[ttLongRange_featureCount] = NULL;
	int saved = ttReader_PushKey( r, "longRange" );
	bool ok = ttReader_CheckKeys( r, object, names );
	for ( int i = 0; ok && i < ttLongRange_featureCount; ++i )
	{
		ok = ttReader_Bool( r, object, names[i], &def->enableLongRange[i] );
	}
	ttReader_Pop( r, saved );
	return ok;
}

// "longRangeLevels": 3 and "longRangeBounds": { "attachments": { "upperCompliance": 0,
// "lowerCompliance": 0, "upperAsLower": false }, "hierarchy": { ... } } set up the bounds that the
// joint graph features derive; applied to the created world.
static bool ttLoader_LongRangeBounds( ttSceneLoader* loader, const cJSON* world )
{
	ttSceneReader* r = &loader->reader;
	ttWorldId worldId = loader->scene->worldId;
	int levels = ttWorld_GetLongRangeLevels( worldId );
	bool ok = ttReader_Int( r, world, "longRangeLevels", 1, 16, &levels );
	ok = ok && ttWorld_SetLongRangeLevels( worldId, levels ) == ttResult_ok;
	const cJSON* object = cJSON_GetObjectItemCaseSensitive( world, "longRangeBounds" );
	if ( ok == false || object == NULL )
	{
		return ok;
	}
	if ( ttReader_IsObject( r, object, "longRangeBounds" ) == false )
	{
		return false;
	}
	static const char* const featureKeys[] = { "attachments", "hierarchy", NULL };
	static const ttLongRangeFeature features[] = { ttLongRange_attachments, ttLongRange_hierarchy };
	static const char* const boundKeys[] = { "upperCompliance", "lowerCompliance", "upperAsLower", NULL };
	int saved = ttReader_PushKey( r, "longRangeBounds" );
	ok = ttReader_CheckKeys( r, object, featureKeys );
	for ( int i = 0; ok && i < 2; ++i )
	{
		const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, featureKeys[i] );
		if ( item == NULL )
		{
			continue;
		}
		ok = ttReader_IsObject( r, item, featureKeys[i] );
		int inner = ttReader_PushKey( r, featureKeys[i] );
		ttLongRangeBoundSettings settings = ttWorld_GetLongRangeBounds( worldId, features[i] );
		ok = ok && ttReader_CheckKeys( r, item, boundKeys );
		ok = ok && ttReader_Number( r, item, "upperCompliance", ttRange_nonNegative, &settings.upperCompliance );
		ok = ok && ttReader_Number( r, item, "lowerCompliance", ttRange_nonNegative, &settings.lowerCompliance );
		ok = ok && ttReader_Bool( r, item, "upperAsLower", &settings.upperAsLower );
		ok = ok && ttWorld_SetLongRangeBounds( worldId, features[i], settings ) == ttResult_ok;
		ttReader_Pop( r, inner );
	}
	ttReader_Pop( r, saved );
	return ok;
}

static bool ttLoader_WorldSettings( ttSceneLoader* loader, const cJSON* world, ttWorldDef* def )
{
	ttSceneReader* r = &loader->reader;
	ttScene* scene = loader->scene;
	int jointSolver = (int)def->jointSolver;
	bool ok = ttReader_CheckKeys( r, world, ttWorldKeys );
	ok = ok && ttReader_Vec3( r, world, "gravity", ttRange_any, &def->gravity );
	ok = ok && ttReader_Int( r, world, "substeps", 1, 100000, &def->substeps );
	ok = ok && ttReader_Int( r, world, "iterations", 1, 100000, &def->iterations );
	ok = ok && ttReader_Number( r, world, "timeStep", ttRange_positive, &scene->timeStep );
	if ( ok && ( scene->timeStep < TT_MIN_TIME_STEP || scene->timeStep > TT_MAX_TIME_STEP ) )
	{
		ok = ttReader_Fail( r, "timeStep", "must be within [%g, %g] s (TT_MIN_TIME_STEP, TT_MAX_TIME_STEP), got %g",
		                    (double)TT_MIN_TIME_STEP, (double)TT_MAX_TIME_STEP, (double)scene->timeStep );
	}
	ok = ok && ttReader_Number( r, world, "seconds", ttRange_nonNegative, &scene->seconds );
	ok = ok && ttReader_Bool( r, world, "contacts", &def->enableContacts );
	ok = ok && ttReader_Number( r, world, "contactCompliance", ttRange_nonNegative, &def->contactCompliance );
	ok = ok && ttReader_Number( r, world, "maxPushoutSpeed", ttRange_positive, &def->maxPushoutSpeed );
	ok = ok &&
	     ttReader_Number( r, world, "restitutionThresholdScale", ttRange_nonNegative, &def->restitutionThresholdScale );
	ok = ok && ttReader_Number( r, world, "maxRotationPerSubstep", ttRange_positive, &def->maxRotationPerSubstep );
	ok = ok && ttReader_Bool( r, world, "sleep", &def->enableSleep );
	ok = ok && ttReader_Number( r, world, "timeToSleep", ttRange_positive, &def->timeToSleep );
	ok = ok && ttReader_Number( r, world, "linearSleepThreshold", ttRange_nonNegative, &def->linearSleepThreshold );
	ok = ok && ttReader_Number( r, world, "angularSleepThreshold", ttRange_nonNegative, &def->angularSleepThreshold );
	// "solver" is the older name of "jointSolver".
	ok = ok && ttLoader_Enum( loader, world, "solver", ttJointSolverNames, ttJointSolverCount, false, &jointSolver );
	ok = ok &&
	     ttLoader_Enum( loader, world, "jointSolver", ttJointSolverNames, ttJointSolverCount, false, &jointSolver );
	ok = ok && ttReader_Number( r, world, "jointHertz", ttRange_nonNegative, &def->jointHertz );
	ok = ok && ttReader_Number( r, world, "jointDampingRatio", ttRange_nonNegative, &def->jointDampingRatio );
	ok = ok && ttReader_Number( r, world, "jointBaumgarte", ttRange_nonNegative, &def->jointBaumgarte );
	ok = ok && ttReader_Number( r, world, "jointCfm", ttRange_nonNegative, &def->jointCfm );
	ok = ok && ttReader_Bool( r, world, "jointTreeSolve", &def->jointTreeSolve );
	int contactSolver = (int)def->contactSolver;
	ok = ok && ttLoader_Enum( loader, world, "contactSolver", ttContactSolverNames, ttContactSolverCount, false,
	                          &contactSolver );
	def->contactSolver = (ttContactSolverType)contactSolver;
	ok = ok && ttReader_Number( r, world, "contactHertz", ttRange_nonNegative, &def->contactHertz );
	ok = ok && ttReader_Number( r, world, "contactDampingRatio", ttRange_nonNegative, &def->contactDampingRatio );
	ok = ok && ttLoader_LongRange( r, world, def );
	def->jointSolver = (ttJointSolverType)jointSolver;
	return ok;
}

static bool ttLoader_World( ttSceneLoader* loader, const cJSON* root )
{
	ttWorldDef def = ttDefaultWorldDef();
	const cJSON* world = cJSON_GetObjectItemCaseSensitive( root, "world" );
	if ( world != NULL )
	{
		if ( ttReader_IsObject( &loader->reader, world, "world" ) == false )
		{
			return false;
		}
		int saved = ttReader_PushKey( &loader->reader, "world" );
		bool ok = ttLoader_WorldSettings( loader, world, &def );
		ttReader_Pop( &loader->reader, saved );
		if ( ok == false )
		{
			return false;
		}
	}
	loader->scene->worldId = ttCreateWorld( &def );
	if ( TT_IS_NULL( loader->scene->worldId ) )
	{
		return ttLoader_LibraryError( loader, "world", "ttCreateWorld" );
	}
	if ( world != NULL )
	{
		int saved = ttReader_PushKey( &loader->reader, "world" );
		// The Jacobi switch is not part of ttWorldDef: it is set on the created world.
		bool jacobi = false;
		bool ok = ttReader_Bool( &loader->reader, world, "jointJacobi", &jacobi ) &&
		          ttWorld_EnableJointJacobi( loader->scene->worldId, jacobi ) == ttResult_ok &&
		          ttLoader_LongRangeBounds( loader, world );
		ttReader_Pop( &loader->reader, saved );
		return ok;
	}
	return true;
}

// ---------------------------------------------------------------------------------------------
// Shapes

#define TT_SHAPE_COMMON_KEYS                                                                                           \
	"type", "position", "rotation", "axisAngle", "density", "friction", "dynamicFriction", "restitution",              \
	    "categoryBits", "maskBits", "groupIndex"

static const char* const ttSphereKeys[] = { TT_SHAPE_COMMON_KEYS, "radius", NULL };
static const char* const ttCapsuleKeys[] = { TT_SHAPE_COMMON_KEYS, "radius", "center1", "center2", "halfLength", NULL };
static const char* const ttBoxKeys[] = { TT_SHAPE_COMMON_KEYS, "halfExtents", NULL };
static const char* const ttPlaneKeys[] = { TT_SHAPE_COMMON_KEYS, "normal", "offset", NULL };
static const char* const ttCylinderKeys[] = { TT_SHAPE_COMMON_KEYS, "radius", "halfHeight", NULL };
static const char* const ttHullKeys[] = { TT_SHAPE_COMMON_KEYS, "points", NULL };
static const char* const ttMeshKeys[] = { TT_SHAPE_COMMON_KEYS, "vertices", "triangles", "file", NULL };
static const char* const ttHeightfieldKeys[] = { TT_SHAPE_COMMON_KEYS, "heights", "scale", NULL };
static const char* const ttCurveKeys[] = { TT_SHAPE_COMMON_KEYS, "points", "radius", "closed", "smooth", NULL };

// In the order of ttShapeType.
static const char* const ttShapeTypeNames[] = { "sphere", "capsule", "box",         "plane", "cylinder",
                                                "hull",   "mesh",    "heightfield", "curve" };
static const char* const ttBodyTypeNames[] = { "static", "kinematic", "dynamic" };

static bool ttLoader_ShapeDef( ttSceneLoader* loader, const cJSON* item, ttShapeDef* def )
{
	ttSceneReader* r = &loader->reader;
	bool ok = ttReader_Vec3( r, item, "position", ttRange_any, &def->localPosition );
	ok = ok && ttReader_Rotation( r, item, &def->localRotation );
	ok = ok && ttReader_Number( r, item, "density", ttRange_nonNegative, &def->density );
	ok = ok && ttReader_Number( r, item, "friction", ttRange_nonNegative, &def->staticFriction );
	// Dynamic friction follows the static coefficient unless given: one number suffices.
	def->dynamicFriction = def->staticFriction;
	ok = ok && ttReader_Number( r, item, "dynamicFriction", ttRange_nonNegative, &def->dynamicFriction );
	ok = ok && ttReader_Number( r, item, "restitution", ttRange_unit, &def->restitution );
	ok = ok && ttReader_Bits( r, item, "categoryBits", &def->filter.categoryBits );
	ok = ok && ttReader_Bits( r, item, "maskBits", &def->filter.maskBits );
	int group = def->filter.groupIndex;
	ok = ok && ttReader_Int( r, item, "groupIndex", -2147483647, 2147483647, &group );
	def->filter.groupIndex = group;
	return ok;
}

static bool ttLoader_Required( ttSceneLoader* loader, const cJSON* item, const char* key, const char* what )
{
	return ttReader_Has( item, key ) ? true : ttReader_Fail( &loader->reader, key, "is required (%s)", what );
}

static bool ttLoader_Capsule( ttSceneLoader* loader, const cJSON* item, ttCapsule* capsule )
{
	ttSceneReader* r = &loader->reader;
	bool hasHalfLength = ttReader_Has( item, "halfLength" );
	bool hasCenters = ttReader_Has( item, "center1" ) || ttReader_Has( item, "center2" );
	if ( hasHalfLength && hasCenters )
	{
		return ttReader_Fail( r, "halfLength", "give either halfLength or center1 and center2, not both" );
	}
	if ( hasHalfLength == false && hasCenters == false )
	{
		return ttReader_Fail( r, "halfLength", "is required (or center1 and center2)" );
	}
	bool ok = ttLoader_Required( loader, item, "radius", "a number > 0" );
	ok = ok && ttReader_Number( r, item, "radius", ttRange_positive, &capsule->radius );
	if ( ok && hasHalfLength )
	{
		ttReal halfLength = 0;
		ok = ttReader_Number( r, item, "halfLength", ttRange_positive, &halfLength );
		capsule->center1 = ( ttVec3 ){ -halfLength, 0, 0 };
		capsule->center2 = ( ttVec3 ){ halfLength, 0, 0 };
		return ok;
	}
	ok = ok && ttLoader_Required( loader, item, "center1", "a point [x, y, z]" );
	ok = ok && ttLoader_Required( loader, item, "center2", "a point [x, y, z]" );
	ok = ok && ttReader_Vec3( r, item, "center1", ttRange_any, &capsule->center1 );
	ok = ok && ttReader_Vec3( r, item, "center2", ttRange_any, &capsule->center2 );
	if ( ok && ttDistance( capsule->center1, capsule->center2 ) <= 0 )
	{
		return ttReader_Fail( r, "center2", "must differ from center1 (use a sphere for a point)" );
	}
	return ok;
}

static bool ttLoader_Plane( ttSceneLoader* loader, const cJSON* item, ttBodyType bodyType, ttPlane* plane )
{
	ttSceneReader* r = &loader->reader;
	if ( bodyType != ttBody_static )
	{
		return ttReader_Fail( r, "type", "a plane is allowed on static bodies only (this body is %s)",
		                      ttBodyTypeNames[bodyType] );
	}
	bool ok = ttLoader_Required( loader, item, "normal", "a non-zero vector" );
	ok = ok && ttReader_Vec3( r, item, "normal", ttRange_any, &plane->normal );
	ok = ok && ttReader_Number( r, item, "offset", ttRange_any, &plane->offset );
	if ( ok && ttLength( plane->normal ) < (ttReal)1e-6 )
	{
		return ttReader_Fail( r, "normal", "must be a non-zero vector" );
	}
	return ok;
}

// A hull's "points": an array of at least 4 points [x, y, z] (shape coordinates); the library
// computes their convex hull and reports degenerate clouds.
static ttShapeId ttLoader_Hull( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttShapeDef* def )
{
	ttVec3* points;
	int count;
	if ( ttReader_Points( &loader->reader, item, "points", 4, 65536, &points, &count ) == false )
	{
		return ttNullShapeId;
	}
	ttShapeId shape = ttCreateHullShape( body, def, points, count );
	free( points );
	return shape;
}

// A curve's "points" (shape coordinates, [x, y, z] each), its tube's "radius" and whether it is
// "closed" and "smooth" (a Catmull-Rom spline through the points).
static ttShapeId ttLoader_Curve( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttShapeDef* def )
{
	ttSceneReader* r = &loader->reader;
	ttCurveDef curve = ttDefaultCurveDef();
	bool ok = ttLoader_Required( loader, item, "radius", "a number > 0" ) &&
	          ttReader_Number( r, item, "radius", ttRange_positive, &curve.radius ) &&
	          ttReader_Bool( r, item, "closed", &curve.closed ) && ttReader_Bool( r, item, "smooth", &curve.smooth );
	ttVec3* points;
	int count;
	if ( ok == false || ttReader_Points( r, item, "points", 2, 1000000, &points, &count ) == false )
	{
		return ttNullShapeId;
	}
	curve.points = points;
	curve.pointCount = count;
	ttShapeId shape = ttCreateCurveShape( body, def, &curve );
	free( points );
	return shape;
}

static bool ttLoader_CreateShape( ttSceneLoader* loader, const cJSON* item, ttBodyId body, ttBodyType bodyType,
                                  ttShapeType type )
{
	ttSceneReader* r = &loader->reader;
	static const char* const* keys[] = { ttSphereKeys, ttCapsuleKeys, ttBoxKeys,         ttPlaneKeys, ttCylinderKeys,
	                                     ttHullKeys,   ttMeshKeys,    ttHeightfieldKeys, ttCurveKeys };
	ttShapeDef def = ttDefaultShapeDef();
	if ( ttReader_CheckKeys( r, item, keys[type] ) == false || ttLoader_ShapeDef( loader, item, &def ) == false )
	{
		return false;
	}
	ttShapeId shape = ttNullShapeId;
	const char* call = "";
	if ( type == ttShape_sphere )
	{
		ttSphere sphere = { 0 };
		bool ok = ttLoader_Required( loader, item, "radius", "a number > 0" ) &&
		          ttReader_Number( r, item, "radius", ttRange_positive, &sphere.radius );
		shape = ok ? ttCreateSphereShape( body, &def, &sphere ) : ttNullShapeId;
		call = "ttCreateSphereShape";
	}
	else if ( type == ttShape_capsule )
	{
		ttCapsule capsule = { 0 };
		shape =
		    ttLoader_Capsule( loader, item, &capsule ) ? ttCreateCapsuleShape( body, &def, &capsule ) : ttNullShapeId;
		call = "ttCreateCapsuleShape";
	}
	else if ( type == ttShape_box )
	{
		ttBox box = { 0 };
		bool ok = ttLoader_Required( loader, item, "halfExtents", "[hx, hy, hz], each > 0" ) &&
		          ttReader_Vec3( r, item, "halfExtents", ttRange_positive, &box.halfExtents );
		shape = ok ? ttCreateBoxShape( body, &def, &box ) : ttNullShapeId;
		call = "ttCreateBoxShape";
	}
	else if ( type == ttShape_cylinder )
	{
		ttCylinder cylinder = { 0, 0 };
		bool ok = ttLoader_Required( loader, item, "radius", "a number > 0" ) &&
		          ttLoader_Required( loader, item, "halfHeight", "a number > 0" ) &&
		          ttReader_Number( r, item, "radius", ttRange_positive, &cylinder.radius ) &&
		          ttReader_Number( r, item, "halfHeight", ttRange_positive, &cylinder.halfHeight );
		shape = ok ? ttCreateCylinderShape( body, &def, &cylinder ) : ttNullShapeId;
		call = "ttCreateCylinderShape";
	}
	else if ( type == ttShape_hull )
	{
		shape = ttLoader_Hull( loader, item, body, &def );
		call = "ttCreateHullShape";
	}
	else if ( type == ttShape_mesh )
	{
		shape = ttLoader_Mesh( loader, item, body, &def );
		call = "ttCreateMeshShape";
	}
	else if ( type == ttShape_heightfield )
	{
		shape = ttLoader_Heightfield( loader, item, body, &def );
		call = "ttCreateHeightfieldShape";
	}
	else if ( type == ttShape_curve )
	{
		shape = ttLoader_Curve( loader, item, body, &def );
		call = "ttCreateCurveShape";
	}
	else
	{
		ttPlane plane = { 0 };
		shape =
		    ttLoader_Plane( loader, item, bodyType, &plane ) ? ttCreatePlaneShape( body, &def, &plane ) : ttNullShapeId;
		call = "ttCreatePlaneShape";
	}
	if ( TT_IS_NULL( shape ) )
	{
		return r->failed ? false : ttLoader_LibraryError( loader, NULL, call );
	}
	loader->bodyHasShapeMass =
	    loader->bodyHasShapeMass || ( type != ttShape_plane && type != ttShape_mesh && type != ttShape_heightfield &&
	                                  type != ttShape_curve && def.density > 0 );
	return true;
}

static bool ttLoader_Shape( ttSceneLoader* loader, const cJSON* item, ttBodyId body, ttBodyType bodyType )
{
	int type = 0;
	if ( ttReader_IsObject( &loader->reader, item, NULL ) == false ||
	     ttLoader_Enum( loader, item, "type", ttShapeTypeNames, 9, true, &type ) == false )
	{
		return false;
	}
	return ttLoader_CreateShape( loader, item, body, bodyType, (ttShapeType)type );
}

static bool ttLoader_Shapes( ttSceneLoader* loader, const cJSON* body, ttBodyId bodyId, ttBodyType bodyType )
{
	const cJSON* shapes = cJSON_GetObjectItemCaseSensitive( body, "shapes" );
	if ( shapes == NULL )
	{
		return true;
	}
	if ( cJSON_IsArray( shapes ) == false )
	{
		return ttReader_Fail( &loader->reader, "shapes", "must be an array of shapes [ {...}, ... ]" );
	}
	int saved = ttReader_PushKey( &loader->reader, "shapes" );
	int index = 0;
	bool ok = true;
	for ( const cJSON* shape = shapes->child; shape != NULL && ok; shape = shape->next, ++index )
	{
		int savedIndex = ttReader_PushIndex( &loader->reader, index );
		ok = ttLoader_Shape( loader, shape, bodyId, bodyType );
		ttReader_Pop( &loader->reader, savedIndex );
	}
	ttReader_Pop( &loader->reader, saved );
	return ok;
}

// ---------------------------------------------------------------------------------------------
// Bodies

static const char* const ttBodyKeys[] = {
    "name",           "type",           "position",        "rotation",
    "axisAngle",      "linearVelocity", "angularVelocity", "linearDamping",
    "angularDamping", "gravityScale",   "fixedRotation",   "mass",
    "inertia",        "center",         "inertiaRotation", "shapes",
    "sleep",          "awake",          "solverFrame",     NULL,
};

// Mass given in the file replaces the mass from the shapes (see docs/scene-format.md, Mass).
static bool ttLoader_MassOverride( ttSceneLoader* loader, const cJSON* item, ttBodyId body, ttBodyType type )
{
	ttSceneReader* r = &loader->reader;
	ttMassData shapeMass = ttBody_GetMassData( body );
	ttMassData massData = shapeMass;
	if ( type != ttBody_dynamic )
	{
		return ttReader_Fail( r, "mass", "only dynamic bodies have a mass (this body is %s)", ttBodyTypeNames[type] );
	}
	if ( ttReader_Number( r, item, "mass", ttRange_positive, &massData.mass ) == false ||
	     ttReader_Vec3( r, item, "center", ttRange_any, &massData.center ) == false )
	{
		return false;
	}
	if ( ttReader_Has( item, "inertia" ) )
	{
		massData.rotation = TT_QUAT_IDENTITY;
		if ( ttReader_Vec3( r, item, "inertia", ttRange_positive, &massData.inertia ) == false ||
		     ( ttReader_Has( item, "inertiaRotation" ) &&
		       ttReader_Quaternion( r, item, "inertiaRotation", &massData.rotation ) == false ) )
		{
			return false;
		}
	}
	else if ( ttReader_Has( item, "inertiaRotation" ) )
	{
		return ttReader_Fail( r, "inertiaRotation", "needs inertia as well (it turns the given principal axes)" );
	}
	else if ( loader->bodyHasShapeMass )
	{
		massData.inertia = ttScale( massData.mass / shapeMass.mass, shapeMass.inertia );
	}
	else
	{
		return ttReader_Fail( r, "inertia", "is required: the shapes have no mass to derive it from" );
	}
	if ( ttBody_SetMassData( body, massData ) != ttResult_ok )
	{
		return ttLoader_LibraryError( loader, "mass", "ttBody_SetMassData" );
	}
	return true;
}

static bool ttLoader_Mass( ttSceneLoader* loader, const cJSON* item, ttBodyId body, ttBodyType type )
{
	ttSceneReader* r = &loader->reader;
	if ( ttReader_Has( item, "mass" ) )
	{
		return ttLoader_MassOverride( loader, item, body, type );
	}
	if ( ttReader_Has( item, "inertia" ) || ttReader_Has( item, "center" ) || ttReader_Has( item, "inertiaRotation" ) )
	{
		return ttReader_Fail( r,
		                      ttReader_Has( item, "inertia" )  ? "inertia"
		                      : ttReader_Has( item, "center" ) ? "center"
		                                                       : "inertiaRotation",
		                      "needs mass as well (inertia and center refine a given mass)" );
	}
	if ( type == ttBody_dynamic && loader->bodyHasShapeMass == false )
	{
		return ttReader_Fail( r, NULL, "a dynamic body needs shapes with density > 0, or a mass and inertia" );
	}
	return true;
}

static const char* const ttSolverFrameKeys[] = { "center", "rotation", "velocity", NULL };

// Whether two values agree to a millionth of their size (at least of 1): what an edited file
// leaves of a saved solver frame is told from rounding this way.
static bool ttLoader_Agree( const ttReal* a, const ttReal* b, int count )
{
	for ( int i = 0; i < count; ++i )
	{
		double scale = fabs( (double)a[i] ) > 1 ? fabs( (double)a[i] ) : 1;
		if ( fabs( (double)a[i] - (double)b[i] ) > 1e-6 * scale )
		{
			return false;
		}
	}
	return true;
}

// The optional "solverFrame" of a saved body: its centre of mass, principal axes and centre
// velocity as the solver held them, which the saver writes where position, rotation and
// linearVelocity cannot give them back bit for bit. They must agree with the pose just placed
// (so that an edit of the pose is not silently undone) and then replace it exactly.
static bool ttLoader_SolverFrame( ttSceneLoader* loader, const cJSON* item, ttBodyId body )
{
	const cJSON* frame = cJSON_GetObjectItemCaseSensitive( item, "solverFrame" );
	if ( frame == NULL )
	{
		return true;
	}
	ttSceneReader* r = &loader->reader;
	int saved = ttReader_PushKey( r, "solverFrame" );
	ttVec3 center = TT_VEC3_ZERO, velocity = TT_VEC3_ZERO;
	ttQuat rotation = { 0, 0, 0, 1 };
	bool ok = ttReader_IsObject( r, frame, NULL ) && ttReader_CheckKeys( r, frame, ttSolverFrameKeys );
	if ( ok && ( ttReader_Has( frame, "center" ) == false || ttReader_Has( frame, "rotation" ) == false ||
	             ttReader_Has( frame, "velocity" ) == false ) )
	{
		ok = ttReader_Fail( r, NULL, "needs center, rotation and velocity" );
	}
	ok = ok && ttReader_Vec3( r, frame, "center", ttRange_any, &center ) &&
	     ttReader_QuaternionAsWritten( r, frame, "rotation", &rotation ) &&
	     ttReader_Vec3( r, frame, "velocity", ttRange_any, &velocity );
	if ( ok )
	{
		ttTransform placed = ttBody_GetCenterOfMassTransform( body );
		ttVec3 placedVelocity = ttBody_GetLinearVelocity( body );
		ttQuat flipped = { -rotation.x, -rotation.y, -rotation.z, -rotation.w };
		bool sameRotation =
		    ttLoader_Agree( &rotation.x, &placed.q.x, 4 ) || ttLoader_Agree( &flipped.x, &placed.q.x, 4 );
		if ( ttLoader_Agree( &center.x, &placed.p.x, 3 ) == false || sameRotation == false ||
		     ttLoader_Agree( &velocity.x, &placedVelocity.x, 3 ) == false )
		{
			ok = ttReader_Fail( r, NULL,
			                    "disagrees with the body's position, rotation or linearVelocity (after an edit of "
			                    "those, remove the solverFrame that ttWorld_SaveScene wrote)" );
		}
	}
	if ( ok && ( ttBody_SetCenterOfMassTransform( body, center, rotation ) != ttResult_ok ||
	             ttBody_SetLinearVelocity( body, velocity ) != ttResult_ok ) )
	{
		ok = ttLoader_LibraryError( loader, NULL, "ttBody_SetCenterOfMassTransform" );
	}
	ttReader_Pop( r, saved );
	return ok;
}

// The pose and the velocity of the body origin that the file gives, applied to a body whose mass
// frame is final (ttLoader_Body). The file's linear velocity is that of the body origin: the
// centre of mass moves with it plus the turn about the origin.
static bool ttLoader_PlaceBody( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttBodyDef* def )
{
	if ( ttBody_SetTransform( body, def->position, def->rotation ) != ttResult_ok )
	{
		return ttLoader_LibraryError( loader, "position", "ttBody_SetTransform" );
	}
	ttVec3 center = ttBody_GetWorldCenterOfMass( body );
	ttVec3 velocity =
	    ttAdd( def->linearVelocity, ttCross( ttBody_GetAngularVelocity( body ), ttSub( center, def->position ) ) );
	// Set even when zero: shapes added to a turning body at the origin gave it the velocity of the
	// centre's turn there.
	if ( ttBody_SetLinearVelocity( body, velocity ) != ttResult_ok )
	{
		return ttLoader_LibraryError( loader, "linearVelocity", "ttBody_SetLinearVelocity" );
	}
	if ( ttLoader_SolverFrame( loader, item, body ) == false )
	{
		return false;
	}
	if ( def->isAwake == false && ttBody_SetAwake( body, false ) != ttResult_ok )
	{
		return ttLoader_LibraryError( loader, "awake", "ttBody_SetAwake" );
	}
	return true;
}

static bool ttLoader_BodyDef( ttSceneLoader* loader, const cJSON* item, ttBodyDef* def )
{
	ttSceneReader* r = &loader->reader;
	int type = ttBody_dynamic;
	bool ok = ttReader_CheckKeys( r, item, ttBodyKeys );
	ok = ok && ttLoader_Enum( loader, item, "type", ttBodyTypeNames, 3, false, &type );
	def->type = (ttBodyType)type;
	ok = ok && ttReader_Vec3( r, item, "position", ttRange_any, &def->position );
	ok = ok && ttReader_Rotation( r, item, &def->rotation );
	ok = ok && ttReader_Vec3( r, item, "linearVelocity", ttRange_any, &def->linearVelocity );
	ok = ok && ttReader_Vec3( r, item, "angularVelocity", ttRange_any, &def->angularVelocity );
	ok = ok && ttReader_Number( r, item, "linearDamping", ttRange_nonNegative, &def->linearDamping );
	ok = ok && ttReader_Number( r, item, "angularDamping", ttRange_nonNegative, &def->angularDamping );
	ok = ok && ttReader_Number( r, item, "gravityScale", ttRange_any, &def->gravityScale );
	ok = ok && ttReader_Bool( r, item, "fixedRotation", &def->fixedRotation );
	ok = ok && ttReader_Bool( r, item, "sleep", &def->enableSleep );
	ok = ok && ttReader_Bool( r, item, "awake", &def->isAwake );
	return ok;
}

static bool ttLoader_Body( ttSceneLoader* loader, const cJSON* item, int index )
{
	ttScene* scene = loader->scene;
	if ( ttReader_IsObject( &loader->reader, item, NULL ) == false ||
	     ttReader_Name( &loader->reader, item, "name", true, scene->bodyNames[index], TT_SCENE_NAME_SIZE ) == false )
	{
		return false;
	}
	ttBodyDef def = ttDefaultBodyDef();
	def.name = scene->bodyNames[index];
	if ( ttLoader_BodyDef( loader, item, &def ) == false )
	{
		return false;
	}
	// A dynamic body is created at the origin, at rest and awake, and placed once its shapes and
	// mass have fixed its centre of mass and principal axes: each shape added to a placed body
	// converts its pose through the user's frame again, which rounds, while placing it once makes
	// the loaded state a fixed function of the file's numbers. The saver (src/save_preimage.c)
	// inverts exactly that function, so that load, save and load give the same bits.
	bool placeLater = def.type == ttBody_dynamic;
	ttBodyDef created = def;
	if ( placeLater )
	{
		created.position = ( ttVec3 ){ 0, 0, 0 };
		created.rotation = ( ttQuat ){ 0, 0, 0, 1 };
		created.linearVelocity = ( ttVec3 ){ 0, 0, 0 };
		created.isAwake = true;
	}
	ttBodyId body = ttCreateBody( scene->worldId, &created );
	if ( TT_IS_NULL( body ) )
	{
		return ttLoader_LibraryError( loader, NULL, "ttCreateBody" );
	}
	scene->bodies[index] = body;
	scene->bodyCount = index + 1;
	loader->bodyHasShapeMass = false;
	if ( ttLoader_Shapes( loader, item, body, def.type ) == false ||
	     ttLoader_Mass( loader, item, body, def.type ) == false )
	{
		return false;
	}
	if ( placeLater == false && cJSON_GetObjectItemCaseSensitive( item, "solverFrame" ) != NULL )
	{
		return ttReader_Fail( &loader->reader, "solverFrame", "is only for dynamic bodies" );
	}
	return placeLater == false || ttLoader_PlaceBody( loader, item, body, &def );
}

// Reads the array root[key] and allocates its element count; an absent array is empty.
static bool ttLoader_Array( ttSceneLoader* loader, const cJSON* root, const char* key, const cJSON** array, int* count )
{
	*array = cJSON_GetObjectItemCaseSensitive( root, key );
	*count = 0;
	if ( *array == NULL )
	{
		return true;
	}
	if ( cJSON_IsArray( *array ) == false )
	{
		return ttReader_Fail( &loader->reader, key, "must be an array [ {...}, ... ]" );
	}
	*count = cJSON_GetArraySize( *array );
	return true;
}

static bool ttLoader_Bodies( ttSceneLoader* loader, const cJSON* root )
{
	ttScene* scene = loader->scene;
	const cJSON* bodies = NULL;
	int count = 0;
	if ( ttLoader_Array( loader, root, "bodies", &bodies, &count ) == false )
	{
		return false;
	}
	scene->bodies = calloc( (size_t)( count > 0 ? count : 1 ), sizeof( ttBodyId ) );
	scene->bodyNames = calloc( (size_t)( count > 0 ? count : 1 ), TT_SCENE_NAME_SIZE );
	if ( scene->bodies == NULL || scene->bodyNames == NULL )
	{
		return ttReader_Fail( &loader->reader, "bodies", "out of memory" );
	}
	int index = 0;
	bool ok = true;
	int saved = ttReader_PushKey( &loader->reader, "bodies" );
	for ( const cJSON* body = bodies != NULL ? bodies->child : NULL; body != NULL && ok; body = body->next, ++index )
	{
		int savedIndex = ttReader_PushIndex( &loader->reader, index );
		ok = ttLoader_Body( loader, body, index );
		ttReader_Pop( &loader->reader, savedIndex );
	}
	ttReader_Pop( &loader->reader, saved );
	return ok && ttLoader_IndexNames( loader, "bodies", scene->bodyNames, scene->bodyCount, &loader->bodyIndex );
}

// ---------------------------------------------------------------------------------------------
// Probes

static const char* const ttProbeTypeNames[] = { "distance", "position", "jointAngle" };
static const char* const ttDistanceProbeKeys[] = { "name", "type", "bodyA", "pointA", "bodyB", "pointB", NULL };
static const char* const ttPositionProbeKeys[] = { "name", "type", "body", "point", NULL };
static const char* const ttJointAngleProbeKeys[] = { "name", "type", "joint", NULL };

static bool ttLoader_JointAngleProbe( ttSceneLoader* loader, const cJSON* item, ttProbe* probe )
{
	ttSceneReader* r = &loader->reader;
	const char* name = NULL;
	if ( ttReader_String( r, item, "joint", &name ) == false )
	{
		return false;
	}
	if ( name == NULL )
	{
		return ttReader_Fail( r, "joint", "is required (the name of a joint)" );
	}
	int found = ttLoader_FindName( loader->jointIndex, loader->scene->jointCount, name );
	if ( found < 0 )
	{
		return ttReader_Fail( r, "joint", "no joint named '%s'", name );
	}
	probe->joint = loader->scene->joints[found];
	ttJointType type = ttJoint_GetType( probe->joint );
	if ( type == ttJoint_fixed || type == ttJoint_generic )
	{
		return ttReader_Fail( r, "joint", "'%s' has no angle: use a hinge, spherical, prismatic or distance joint",
		                      name );
	}
	return true;
}

static bool ttLoader_ProbeFields( ttSceneLoader* loader, const cJSON* item, ttProbe* probe )
{
	ttSceneReader* r = &loader->reader;
	switch ( probe->type )
	{
		case ttProbe_distance:
			return ttReader_CheckKeys( r, item, ttDistanceProbeKeys ) &&
			       ttLoader_BodyRef( loader, item, "bodyA", true, &probe->bodyA ) &&
			       ttLoader_BodyRef( loader, item, "bodyB", true, &probe->bodyB ) &&
			       ttReader_Vec3( r, item, "pointA", ttRange_any, &probe->localPointA ) &&
			       ttReader_Vec3( r, item, "pointB", ttRange_any, &probe->localPointB );
		case ttProbe_position:
			return ttReader_CheckKeys( r, item, ttPositionProbeKeys ) &&
			       ttLoader_BodyRef( loader, item, "body", false, &probe->bodyA ) &&
			       ttReader_Vec3( r, item, "point", ttRange_any, &probe->localPointA );
		default:
			return ttReader_CheckKeys( r, item, ttJointAngleProbeKeys ) &&
			       ttLoader_JointAngleProbe( loader, item, probe );
	}
}

static bool ttLoader_Probe( ttSceneLoader* loader, const cJSON* item, int index )
{
	ttScene* scene = loader->scene;
	ttProbe* probe = scene->probes + index;
	int type = 0;
	bool ok = ttReader_IsObject( &loader->reader, item, NULL ) &&
	          ttReader_Name( &loader->reader, item, "name", true, probe->name, TT_SCENE_NAME_SIZE ) &&
	          ttLoader_Enum( loader, item, "type", ttProbeTypeNames, 3, true, &type );
	probe->type = (ttProbeType)type;
	ok = ok && ttLoader_ProbeFields( loader, item, probe );
	for ( int i = 0; i < index && ok; ++i )
	{
		if ( strcmp( scene->probes[i].name, probe->name ) == 0 )
		{
			ok = ttReader_Fail( &loader->reader, "name", "duplicate name '%s' (already used by probes[%d])",
			                    probe->name, i );
		}
	}
	return ok;
}

static bool ttLoader_Probes( ttSceneLoader* loader, const cJSON* root )
{
	ttScene* scene = loader->scene;
	const cJSON* probes = NULL;
	int count = 0;
	if ( ttLoader_Array( loader, root, "probes", &probes, &count ) == false )
	{
		return false;
	}
	scene->probes = calloc( (size_t)( count > 0 ? count : 1 ), sizeof( ttProbe ) );
	if ( scene->probes == NULL )
	{
		return ttReader_Fail( &loader->reader, "probes", "out of memory" );
	}
	scene->probeCount = count;
	int index = 0;
	bool ok = true;
	int saved = ttReader_PushKey( &loader->reader, "probes" );
	for ( const cJSON* probe = probes != NULL ? probes->child : NULL; probe != NULL && ok;
	      probe = probe->next, ++index )
	{
		int savedIndex = ttReader_PushIndex( &loader->reader, index );
		ok = ttLoader_Probe( loader, probe, index );
		ttReader_Pop( &loader->reader, savedIndex );
	}
	ttReader_Pop( &loader->reader, saved );
	return ok;
}

// ---------------------------------------------------------------------------------------------
// Scene

static const char* const ttSceneKeys[] = { "name",   "description",         "world", "bodies", "joints",
                                           "probes", "particles",           "ropes", "cloths", "softBodies",
                                           "tires",  "particleConstraints", NULL };

// The scene name defaults to the file name without directories and extension.
static void ttDefaultSceneName( const char* sourceName, char* name )
{
	const char* base = sourceName != NULL ? sourceName : "scene";
	for ( const char* c = base; *c != 0; ++c )
	{
		if ( *c == '/' || *c == '\\' )
		{
			base = c + 1;
		}
	}
	snprintf( name, TT_SCENE_NAME_SIZE, "%s", base[0] != 0 ? base : "scene" );
	char* dot = strrchr( name, '.' );
	if ( dot != NULL && dot != name )
	{
		*dot = 0;
	}
}

// Arrays and objects open (not yet closed) before `end`, brackets inside strings not counted;
// *deepest gets the deepest nesting of the whole text.
static int ttOpenBrackets( const char* text, const char* end, int* deepest )
{
	int depth = 0, depthAtEnd = 0;
	*deepest = 0;
	bool inString = false;
	for ( const char* c = text; *c != 0; ++c )
	{
		depthAtEnd = end != NULL && c <= end ? depth : depthAtEnd;
		*deepest = depth > *deepest ? depth : *deepest;
		if ( inString )
		{
			if ( *c == '\\' && c[1] != 0 )
			{
				++c; // the escaped character, a quote perhaps, does not end the string
			}
			else if ( *c == '"' )
			{
				inString = false;
			}
			continue;
		}
		inString = *c == '"';
		depth += ( *c == '[' || *c == '{' ) ? 1 : ( ( *c == ']' || *c == '}' ) ? -1 : 0 );
	}
	return depthAtEnd;
}

static bool ttLoader_InvalidJson( ttSceneLoader* loader, const char* text, const char* end )
{
	int line = 1, column = 1;
	for ( const char* c = text; end != NULL && c < end && *c != 0; ++c )
	{
		line += *c == '\n';
		column = *c == '\n' ? 1 : column + 1;
	}
	ttSceneReader* r = &loader->reader;
	r->failed = true;
	// cJSON stops at CJSON_NESTING_LIMIT open arrays and objects and reports it like a syntax
	// error; count the brackets open where it stopped to tell the two apart.
	int deepest = 0;
	if ( ttOpenBrackets( text, end, &deepest ) >= CJSON_NESTING_LIMIT )
	{
		snprintf( r->error, (size_t)r->errorSize,
		          "%s:%d:%d: JSON nesting too deep: arrays and objects nested %d levels, more than the %d the reader "
		          "takes",
		          r->source, line, column, deepest, CJSON_NESTING_LIMIT );
		return false;
	}
	snprintf( r->error, (size_t)r->errorSize,
	          "%s:%d:%d: invalid JSON (a missing comma, bracket or quote near here? JSON has no comments, "
	          "trailing commas, NaN or Infinity)",
	          r->source, line, column );
	return false;
}

// Bodies marked "awake": false go to sleep once the whole scene is built: setting a mass or
// creating a joint wakes a body, so doing it at creation would not last.
static void ttLoader_SleepingBodies( ttSceneLoader* loader, const cJSON* root )
{
	const cJSON* bodies = cJSON_GetObjectItemCaseSensitive( root, "bodies" );
	int index = 0;
	for ( const cJSON* body = bodies != NULL ? bodies->child : NULL; body != NULL; body = body->next, ++index )
	{
		if ( cJSON_IsFalse( cJSON_GetObjectItemCaseSensitive( body, "awake" ) ) )
		{
			ttBody_SetAwake( loader->scene->bodies[index], false );
		}
	}
}

static bool ttLoader_Scene( ttSceneLoader* loader, const cJSON* root )
{
	ttSceneReader* r = &loader->reader;
	if ( cJSON_IsObject( root ) == false )
	{
		return ttReader_Fail( r, NULL, "the scene must be a JSON object { ... }" );
	}
	bool ok = ttReader_CheckKeys( r, root, ttSceneKeys );
	const char* description = NULL;
	ok = ok && ttReader_Name( r, root, "name", false, loader->scene->name, TT_SCENE_NAME_SIZE );
	ok = ok && ttReader_String( r, root, "description", &description );
	ok = ok && ttLoader_World( loader, root );
	ok = ok && ttLoader_Bodies( loader, root );
	ok = ok && ttLoader_Joints( loader, cJSON_GetObjectItemCaseSensitive( root, "joints" ) );
	ok = ok && ttLoader_Particles( loader, root );
	ok = ok && ttLoader_Probes( loader, root );
	if ( ok )
	{
		ttLoader_SleepingBodies( loader, root );
	}
	return ok;
}

// Parses the text and builds the scene; on failure the caller destroys what was built.
static bool ttLoader_Text( ttSceneLoader* loader, const char* text )
{
	if ( text == NULL )
	{
		return ttReader_Fail( &loader->reader, NULL, "no text" );
	}
	if ( text[strspn( text, " \t\r\n" )] == 0 )
	{
		return ttReader_Fail( &loader->reader, NULL, "the file is empty (a scene is a JSON object { ... })" );
	}
	const char* end = NULL;
	cJSON* root = cJSON_ParseWithOpts( text, &end, true );
	if ( root == NULL )
	{
		return ttLoader_InvalidJson( loader, text, end );
	}
	s_libraryMessage[0] = 0;
	// Catch the library's messages while building, then give the application its function back.
	ttLogFcn* previous = ttGetLogFcn();
	ttSetLogFcn( ttCaptureLibraryMessage );
	bool ok = ttLoader_Scene( loader, root );
	ttSetLogFcn( previous );
	cJSON_Delete( root );
	return ok;
}

bool ttScene_LoadString( const char* text, const char* sourceName, ttScene* scene, char* error, int errorSize )
{
	char fallback[8];
	ttSceneLoader loader = { 0 };
	ttReader_Init( &loader.reader, sourceName, error != NULL ? error : fallback,
	               error != NULL ? errorSize : (int)sizeof( fallback ) );
	memset( scene, 0, sizeof( *scene ) );
	loader.scene = scene;
	scene->timeStep = (ttReal)1 / 60;
	scene->seconds = 5;
	ttDefaultSceneName( sourceName, scene->name );

	bool ok = ttLoader_Text( &loader, text );
	free( loader.bodyIndex );
	free( loader.jointIndex );
	if ( ok == false )
	{
		ttScene_Destroy( scene );
	}
	return ok;
}

// Reads a whole file into a NUL-terminated buffer; NULL and a message naming the file on failure:
// not there, a directory, unreadable, or longer than TT_SCENE_FILE_MAX_BYTES (checked while
// reading, so that a device such as /dev/zero, whose size stat does not give, fails too).
char* ttScene_ReadFile( const char* path, char* error, int errorSize )
{
	struct stat info;
	if ( stat( path, &info ) == 0 && S_ISDIR( info.st_mode ) )
	{
		snprintf( error, (size_t)errorSize, "%s: is a directory, not a scene file (give a .json file)", path );
		return NULL;
	}
	FILE* file = fopen( path, "rb" );
	if ( file == NULL )
	{
		snprintf( error, (size_t)errorSize, "%s: cannot read the scene file: %s", path, strerror( errno ) );
		return NULL;
	}
	size_t capacity = 1 << 16, size = 0;
	char* text = malloc( capacity );
	bool tooLarge = false;
	while ( text != NULL )
	{
		size += fread( text + size, 1, capacity - size - 1, file );
		if ( size + 1 < capacity )
		{
			break;
		}
		if ( size > TT_SCENE_FILE_MAX_BYTES )
		{
			tooLarge = true;
			break;
		}
		// Room for one byte past the limit, to tell a file at the limit from a longer one.
		capacity = 2 * capacity < TT_SCENE_FILE_MAX_BYTES + 2 ? 2 * capacity : TT_SCENE_FILE_MAX_BYTES + 2;
		char* larger = realloc( text, capacity );
		if ( larger == NULL )
		{
			free( text );
		}
		text = larger;
	}
	bool failed = ferror( file ) != 0;
	fclose( file );
	if ( text == NULL || failed || tooLarge )
	{
		free( text );
		if ( tooLarge )
		{
			snprintf( error, (size_t)errorSize, "%s: the scene file is larger than %zu MiB, the most the loader reads",
			          path, TT_SCENE_FILE_MAX_BYTES >> 20 );
		}
		else
		{
			snprintf( error, (size_t)errorSize, "%s: cannot read the scene file: %s", path,
			          failed ? "read error" : "out of memory" );
		}
		return NULL;
	}
	text[size] = 0;
	if ( strlen( text ) != size )
	{
		snprintf( error, (size_t)errorSize, "%s: byte %zu is NUL: not a text file (a scene is JSON text)", path,
		          strlen( text ) + 1 );
		free( text );
		return NULL;
	}
	return text;
}

bool ttScene_LoadFile( const char* path, ttScene* scene, char* error, int errorSize )
{
	memset( scene, 0, sizeof( *scene ) );
	char fallback[8];
	char* text =
	    ttScene_ReadFile( path, error != NULL ? error : fallback, error != NULL ? errorSize : (int)sizeof( fallback ) );
	if ( text == NULL )
	{
		return false;
	}
	bool ok = ttScene_LoadString( text, path, scene, error, errorSize );
	free( text );
	return ok;
}

void ttScene_Destroy( ttScene* scene )
{
	if ( scene == NULL )
	{
		return;
	}
	if ( TT_IS_NON_NULL( scene->worldId ) && ttWorld_IsValid( scene->worldId ) )
	{
		ttDestroyWorld( scene->worldId );
	}
	free( scene->bodies );
	free( scene->bodyNames );
	free( scene->joints );
	free( scene->jointNames );
	free( scene->probes );
	ttScene_FreeParticleGroups( scene );
	memset( scene, 0, sizeof( *scene ) );
}

ttBodyId ttScene_FindBody( const ttScene* scene, const char* name )
{
	for ( int i = 0; i < scene->bodyCount; ++i )
	{
		if ( strcmp( scene->bodyNames[i], name ) == 0 )
		{
			return scene->bodies[i];
		}
	}
	return ttNullBodyId;
}

ttJointId ttScene_FindJoint( const ttScene* scene, const char* name )
{
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		if ( strcmp( scene->jointNames[i], name ) == 0 )
		{
			return scene->joints[i];
		}
	}
	return ttNullJointId;
}

int ttScene_FindProbe( const ttScene* scene, const char* name )
{
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		if ( strcmp( scene->probes[i].name, name ) == 0 )
		{
			return i;
		}
	}
	return -1;
}

// ---------------------------------------------------------------------------------------------
// Probes

int ttProbe_ColumnCount( const ttProbe* probe )
{
	return probe->type == ttProbe_position ? 3 : 1;
}

// World position of a body point; a null body means the point is already in world coordinates.
static ttVec3 ttProbePoint( ttBodyId body, ttVec3 localPoint )
{
	if ( TT_IS_NULL( body ) )
	{
		return localPoint;
	}
	if ( ttBody_IsValid( body ) == false )
	{
		return ( ttVec3 ){ NAN, NAN, NAN };
	}
	return ttBody_GetWorldPoint( body, localPoint );
}

static ttReal ttJointAngle( ttJointId joint )
{
	if ( ttJoint_IsValid( joint ) == false )
	{
		return NAN; // broken joints have no angle
	}
	switch ( ttJoint_GetType( joint ) )
	{
		case ttJoint_hinge:
			return ttHingeJoint_GetAngle( joint );
		case ttJoint_spherical:
			return ttSphericalJoint_GetTwistAngle( joint );
		case ttJoint_prismatic:
			return ttPrismaticJoint_GetTranslation( joint );
		case ttJoint_distance:
			return ttDistanceJoint_GetLength( joint );
		default:
			return NAN;
	}
}

void ttProbe_Evaluate( const ttProbe* probe, ttReal* values )
{
	switch ( probe->type )
	{
		case ttProbe_distance:
			values[0] = ttDistance( ttProbePoint( probe->bodyA, probe->localPointA ),
			                        ttProbePoint( probe->bodyB, probe->localPointB ) );
			break;
		case ttProbe_position:
		{
			ttVec3 p = ttProbePoint( probe->bodyA, probe->localPointA );
			values[0] = p.x;
			values[1] = p.y;
			values[2] = p.z;
			break;
		}
		default:
			values[0] = ttJointAngle( probe->joint );
			break;
	}
}
