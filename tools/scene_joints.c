// SPDX-License-Identifier: MIT
// Scene loader: joints. The fields of each type are exactly those of the def structs in
// include/tether/types.h; docs/scene-format.md lists them with their defaults.
#include "scene_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char* const ttJointTypeNames[] = { "fixed",    "hinge",   "spherical", "prismatic",
                                                "distance", "generic", "path" };

#define TT_JOINT_COMMON_KEYS                                                                                           \
	"name", "type", "bodyA", "bodyB", "anchor", "anchorA", "anchorB", "frameA", "frameB", "axis", "linearCompliance",  \
	    "angularCompliance", "linearDamping", "angularDamping", "breakForce", "breakTorque", "collideConnected"

static const char* const ttFixedKeys[] = { TT_JOINT_COMMON_KEYS, NULL };
static const char* const ttHingeKeys[] = {
    TT_JOINT_COMMON_KEYS, "enableLimit",        "lowerAngle",       "lowerAngleDegrees",
    "upperAngle",         "upperAngleDegrees",  "limitCompliance",  "enableTarget",
    "targetAngle",        "targetAngleDegrees", "targetCompliance", "enableMotor",
    "motorSpeed",         "maxMotorTorque",     "motorCompliance",  NULL,
};
static const char* const ttSphericalKeys[] = {
    TT_JOINT_COMMON_KEYS, "enableSwingLimit",       "maxSwingAngle",   "maxSwingAngleDegrees",
    "swingCompliance",    "enableTwistLimit",       "lowerTwistAngle", "lowerTwistAngleDegrees",
    "upperTwistAngle",    "upperTwistAngleDegrees", "twistCompliance", NULL,
};
static const char* const ttPrismaticKeys[] = {
    TT_JOINT_COMMON_KEYS, "enableLimit",     "lowerTranslation", "upperTranslation", "enableDrive",
    "targetTranslation",  "driveCompliance", "maxDriveForce",    "driveForce",       NULL,
};
static const char* const ttDistanceKeys[] = { TT_JOINT_COMMON_KEYS, "minLength", "maxLength", "length",
                                              "compliance",         NULL };
static const char* const ttGenericKeys[] = { TT_JOINT_COMMON_KEYS, "lowerTranslation", "upperTranslation",
                                             "lockRotation", NULL };
static const char* const ttPathKeys[] = {
    TT_JOINT_COMMON_KEYS, "points",        "localPoints", "closed",     "smooth",        "enableLimit",
    "lowerPosition",      "upperPosition", "enableMotor", "motorSpeed", "maxMotorForce", NULL,
};

static const char* const ttFrameKeys[] = { "position", "rotation", "axisAngle", NULL };

// ---------------------------------------------------------------------------------------------
// Frames

static ttTransform ttBodyTransformOrWorld( ttBodyId body )
{
	return TT_IS_NULL( body ) ? TT_TRANSFORM_IDENTITY : ttBody_GetTransform( body );
}

static bool ttHasFrameRotation( const cJSON* item, const char* frameKey )
{
	const cJSON* frame = cJSON_GetObjectItemCaseSensitive( item, frameKey );
	return cJSON_IsObject( frame ) && ( ttReader_Has( frame, "rotation" ) || ttReader_Has( frame, "axisAngle" ) );
}

static bool ttLoader_Frame( ttSceneLoader* loader, const cJSON* item, const char* key, ttTransform* frame )
{
	const cJSON* object = cJSON_GetObjectItemCaseSensitive( item, key );
	if ( object == NULL )
	{
		return true;
	}
	if ( ttReader_IsObject( &loader->reader, object, key ) == false )
	{
		return false;
	}
	int saved = ttReader_PushKey( &loader->reader, key );
	bool ok = ttReader_CheckKeys( &loader->reader, object, ttFrameKeys ) &&
	          ttReader_Vec3( &loader->reader, object, "position", ttRange_any, &frame->p ) &&
	          ttReader_Rotation( &loader->reader, object, &frame->q );
	ttReader_Pop( &loader->reader, saved );
	return ok;
}

// Keys that may not be combined, in the order they are reported.
static bool ttLoader_Exclusive( ttSceneLoader* loader, const cJSON* item, const char* key, const char* other )
{
	if ( ttReader_Has( item, key ) && ttReader_Has( item, other ) )
	{
		return ttReader_Fail( &loader->reader, other, "cannot be combined with %s", key );
	}
	return true;
}

static bool ttLoader_FrameConflicts( ttSceneLoader* loader, const cJSON* item )
{
	bool ok = ttLoader_Exclusive( loader, item, "anchor", "anchorA" ) &&
	          ttLoader_Exclusive( loader, item, "anchor", "anchorB" ) &&
	          ttLoader_Exclusive( loader, item, "anchor", "frameA" ) &&
	          ttLoader_Exclusive( loader, item, "anchor", "frameB" ) &&
	          ttLoader_Exclusive( loader, item, "anchorA", "frameA" ) &&
	          ttLoader_Exclusive( loader, item, "anchorB", "frameB" );
	if ( ok && ttReader_Has( item, "axis" ) &&
	     ( ttHasFrameRotation( item, "frameA" ) || ttHasFrameRotation( item, "frameB" ) ) )
	{
		return ttReader_Fail( &loader->reader, "axis", "cannot be combined with a rotation in frameA or frameB" );
	}
	return ok;
}

// The world axis becomes the x axis of both frames, so the joint starts at angle zero.
static bool ttLoader_Axis( ttSceneLoader* loader, const cJSON* item, ttJointDef* def, ttTransform xfA, ttTransform xfB )
{
	ttVec3 axis = TT_VEC3_ZERO;
	if ( ttReader_Vec3( &loader->reader, item, "axis", ttRange_any, &axis ) == false )
	{
		return false;
	}
	if ( ttLength( axis ) < (ttReal)1e-6 )
	{
		return ttReader_Fail( &loader->reader, "axis", "must be a non-zero vector" );
	}
	ttQuat world = ttQuatFromTo( ( ttVec3 ){ 1, 0, 0 }, ttNormalize( axis ) );
	def->localFrameA.q = ttQuatNormalize( ttQuatMul( ttQuatConj( xfA.q ), world ) );
	def->localFrameB.q = ttQuatNormalize( ttQuatMul( ttQuatConj( xfB.q ), world ) );
	return true;
}

static bool ttLoader_JointFrames( ttSceneLoader* loader, const cJSON* item, ttJointDef* def )
{
	ttSceneReader* r = &loader->reader;
	ttTransform xfA = ttBodyTransformOrWorld( def->bodyA );
	ttTransform xfB = ttBodyTransformOrWorld( def->bodyB );
	if ( ttLoader_FrameConflicts( loader, item ) == false )
	{
		return false;
	}
	if ( ttReader_Has( item, "anchor" ) )
	{
		ttVec3 anchor = TT_VEC3_ZERO;
		if ( ttReader_Vec3( r, item, "anchor", ttRange_any, &anchor ) == false )
		{
			return false;
		}
		def->localFrameA.p = ttInvTransformPoint( xfA, anchor );
		def->localFrameB.p = ttInvTransformPoint( xfB, anchor );
	}
	bool ok = ttReader_Vec3( r, item, "anchorA", ttRange_any, &def->localFrameA.p ) &&
	          ttReader_Vec3( r, item, "anchorB", ttRange_any, &def->localFrameB.p ) &&
	          ttLoader_Frame( loader, item, "frameA", &def->localFrameA ) &&
	          ttLoader_Frame( loader, item, "frameB", &def->localFrameB );
	if ( ok && ttReader_Has( item, "axis" ) )
	{
		ok = ttLoader_Axis( loader, item, def, xfA, xfB );
	}
	return ok;
}

static bool ttLoader_JointBase( ttSceneLoader* loader, const cJSON* item, ttJointDef* def )
{
	ttSceneReader* r = &loader->reader;
	bool ok = ttLoader_BodyRef( loader, item, "bodyA", true, &def->bodyA ) &&
	          ttLoader_BodyRef( loader, item, "bodyB", false, &def->bodyB );
	if ( ok && TT_ID_EQUALS( def->bodyA, def->bodyB ) )
	{
		return ttReader_Fail( r, "bodyB", "must differ from bodyA" );
	}
	ok = ok && ttLoader_JointFrames( loader, item, def );
	ok = ok && ttReader_Number( r, item, "linearCompliance", ttRange_nonNegative, &def->linearCompliance );
	ok = ok && ttReader_Number( r, item, "angularCompliance", ttRange_nonNegative, &def->angularCompliance );
	ok = ok && ttReader_Number( r, item, "linearDamping", ttRange_nonNegative, &def->linearDamping );
	ok = ok && ttReader_Number( r, item, "angularDamping", ttRange_nonNegative, &def->angularDamping );
	ok = ok && ttReader_Number( r, item, "breakForce", ttRange_positive, &def->breakForce );
	ok = ok && ttReader_Number( r, item, "breakTorque", ttRange_positive, &def->breakTorque );
	ok = ok && ttReader_Bool( r, item, "collideConnected", &def->collideConnected );
	return ok;
}

// ---------------------------------------------------------------------------------------------
// Types

static bool ttLoader_Ordered( ttSceneLoader* loader, ttReal lower, ttReal upper, const char* upperKey,
                              const char* lowerKey )
{
	return lower <= upper ? true : ttReader_Fail( &loader->reader, upperKey, "must be >= %s", lowerKey );
}

static ttJointId ttLoader_Hinge( ttSceneLoader* loader, const cJSON* item, const ttJointDef* base )
{
	ttSceneReader* r = &loader->reader;
	ttHingeJointDef def = ttDefaultHingeJointDef();
	def.base = *base;
	def.enableLimit = ttReader_HasAngle( item, "lowerAngle" ) || ttReader_HasAngle( item, "upperAngle" );
	def.enableTarget = ttReader_HasAngle( item, "targetAngle" );
	def.enableMotor = ttReader_Has( item, "motorSpeed" );
	bool ok = ttReader_Bool( r, item, "enableLimit", &def.enableLimit ) &&
	          ttReader_Angle( r, item, "lowerAngle", -TT_PI, TT_PI, &def.lowerAngle ) &&
	          ttReader_Angle( r, item, "upperAngle", -TT_PI, TT_PI, &def.upperAngle ) &&
	          ttLoader_Ordered( loader, def.lowerAngle, def.upperAngle, "upperAngle", "lowerAngle" ) &&
	          ttReader_Number( r, item, "limitCompliance", ttRange_nonNegative, &def.limitCompliance ) &&
	          ttReader_Bool( r, item, "enableTarget", &def.enableTarget ) &&
	          ttReader_Angle( r, item, "targetAngle", -TT_PI, TT_PI, &def.targetAngle ) &&
	          ttReader_Number( r, item, "targetCompliance", ttRange_nonNegative, &def.targetCompliance ) &&
	          ttReader_Bool( r, item, "enableMotor", &def.enableMotor ) &&
	          ttReader_Number( r, item, "motorSpeed", ttRange_any, &def.motorSpeed ) &&
	          ttReader_Number( r, item, "maxMotorTorque", ttRange_positive, &def.maxMotorTorque ) &&
	          ttReader_Number( r, item, "motorCompliance", ttRange_nonNegative, &def.motorCompliance );
	return ok ? ttCreateHingeJoint( loader->scene->worldId, &def ) : ttNullJointId;
}

static ttJointId ttLoader_Spherical( ttSceneLoader* loader, const cJSON* item, const ttJointDef* base )
{
	ttSceneReader* r = &loader->reader;
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base = *base;
	def.enableSwingLimit = ttReader_HasAngle( item, "maxSwingAngle" );
	def.enableTwistLimit = ttReader_HasAngle( item, "lowerTwistAngle" ) || ttReader_HasAngle( item, "upperTwistAngle" );
	bool ok =
	    ttReader_Bool( r, item, "enableSwingLimit", &def.enableSwingLimit ) &&
	    ttReader_Angle( r, item, "maxSwingAngle", 0, TT_PI, &def.maxSwingAngle ) &&
	    ttReader_Number( r, item, "swingCompliance", ttRange_nonNegative, &def.swingCompliance ) &&
	    ttReader_Bool( r, item, "enableTwistLimit", &def.enableTwistLimit ) &&
	    ttReader_Angle( r, item, "lowerTwistAngle", -TT_PI, TT_PI, &def.lowerTwistAngle ) &&
	    ttReader_Angle( r, item, "upperTwistAngle", -TT_PI, TT_PI, &def.upperTwistAngle ) &&
	    ttLoader_Ordered( loader, def.lowerTwistAngle, def.upperTwistAngle, "upperTwistAngle", "lowerTwistAngle" ) &&
	    ttReader_Number( r, item, "twistCompliance", ttRange_nonNegative, &def.twistCompliance );
	return ok ? ttCreateSphericalJoint( loader->scene->worldId, &def ) : ttNullJointId;
}

static ttJointId ttLoader_Prismatic( ttSceneLoader* loader, const cJSON* item, const ttJointDef* base )
{
	ttSceneReader* r = &loader->reader;
	ttPrismaticJointDef def = ttDefaultPrismaticJointDef();
	def.base = *base;
	def.enableLimit = ttReader_Has( item, "lowerTranslation" ) || ttReader_Has( item, "upperTranslation" );
	def.enableDrive = ttReader_Has( item, "targetTranslation" );
	bool ok = ttReader_Bool( r, item, "enableLimit", &def.enableLimit ) &&
	          ttReader_Number( r, item, "lowerTranslation", ttRange_any, &def.lowerTranslation ) &&
	          ttReader_Number( r, item, "upperTranslation", ttRange_any, &def.upperTranslation ) &&
	          ttLoader_Ordered( loader, def.lowerTranslation, def.upperTranslation, "upperTranslation",
	                            "lowerTranslation" ) &&
	          ttReader_Bool( r, item, "enableDrive", &def.enableDrive ) &&
	          ttReader_Number( r, item, "targetTranslation", ttRange_any, &def.targetTranslation ) &&
	          ttReader_Number( r, item, "driveCompliance", ttRange_nonNegative, &def.driveCompliance ) &&
	          ttReader_Number( r, item, "maxDriveForce", ttRange_positive, &def.maxDriveForce ) &&
	          ttReader_Number( r, item, "driveForce", ttRange_any, &def.driveForce );
	return ok ? ttCreatePrismaticJoint( loader->scene->worldId, &def ) : ttNullJointId;
}

static ttJointId ttLoader_Distance( ttSceneLoader* loader, const cJSON* item, const ttJointDef* base )
{
	ttSceneReader* r = &loader->reader;
	ttDistanceJointDef def = ttDefaultDistanceJointDef();
	def.base = *base;
	// Lengths not given are the distance between the anchors as the bodies are placed.
	ttVec3 anchorA = ttTransformPoint( ttBodyTransformOrWorld( base->bodyA ), base->localFrameA.p );
	ttVec3 anchorB = ttTransformPoint( ttBodyTransformOrWorld( base->bodyB ), base->localFrameB.p );
	ttReal length = ttDistance( anchorA, anchorB );
	bool ok = ttLoader_Exclusive( loader, item, "length", "minLength" ) &&
	          ttLoader_Exclusive( loader, item, "length", "maxLength" ) &&
	          ttReader_Number( r, item, "length", ttRange_nonNegative, &length );
	def.minLength = length;
	def.maxLength = length;
	ok = ok && ttReader_Number( r, item, "minLength", ttRange_nonNegative, &def.minLength ) &&
	     ttReader_Number( r, item, "maxLength", ttRange_nonNegative, &def.maxLength ) &&
	     ttLoader_Ordered( loader, def.minLength, def.maxLength, "maxLength", "minLength" ) &&
	     ttReader_Number( r, item, "compliance", ttRange_nonNegative, &def.compliance );
	return ok ? ttCreateDistanceJoint( loader->scene->worldId, &def ) : ttNullJointId;
}

static ttJointId ttLoader_Generic( ttSceneLoader* loader, const cJSON* item, const ttJointDef* base )
{
	ttSceneReader* r = &loader->reader;
	ttGenericJointDef def = ttDefaultGenericJointDef();
	def.base = *base;
	bool ok = ttReader_Vec3( r, item, "lowerTranslation", ttRange_any, &def.lowerTranslation ) &&
	          ttReader_Vec3( r, item, "upperTranslation", ttRange_any, &def.upperTranslation ) &&
	          ttReader_Bool( r, item, "lockRotation", &def.lockRotation );
	return ok ? ttCreateGenericJoint( loader->scene->worldId, &def ) : ttNullJointId;
}

// A path's "points": world coordinates as the bodies are placed, [x, y, z] each; the joint keeps
// them in body A's coordinates. The point on B is its anchor ("anchor" or "anchorB").
static ttJointId ttLoader_Path( ttSceneLoader* loader, const cJSON* item, const ttJointDef* base )
{
	ttSceneReader* r = &loader->reader;
	ttPathJointDef def = ttDefaultPathJointDef();
	def.base = *base;
	ttVec3* points;
	int count;
	// "localPoints" gives them in body A's coordinates directly (what ttWorld_SaveScene writes).
	bool local = ttReader_Has( item, "localPoints" );
	if ( local && ttReader_Has( item, "points" ) )
	{
		ttReader_Fail( r, "localPoints", "give either points or localPoints, not both" );
		return ttNullJointId;
	}
	if ( ttReader_Points( r, item, local ? "localPoints" : "points", 2, 1000000, &points, &count ) == false )
	{
		return ttNullJointId;
	}
	ttTransform bodyA = ttBodyTransformOrWorld( base->bodyA );
	for ( int i = 0; i < count && local == false; ++i )
	{
		points[i] = ttInvTransformPoint( bodyA, points[i] );
	}
	def.points = points;
	def.pointCount = count;
	def.enableLimit = ttReader_Has( item, "lowerPosition" ) || ttReader_Has( item, "upperPosition" );
	def.upperPosition = TT_HUGE;
	def.enableMotor = ttReader_Has( item, "motorSpeed" );
	bool ok = ttReader_Bool( r, item, "closed", &def.closed ) && ttReader_Bool( r, item, "smooth", &def.smooth ) &&
	          ttReader_Bool( r, item, "enableLimit", &def.enableLimit ) &&
	          ttReader_Number( r, item, "lowerPosition", ttRange_nonNegative, &def.lowerPosition ) &&
	          ttReader_Number( r, item, "upperPosition", ttRange_nonNegative, &def.upperPosition ) &&
	          ttLoader_Ordered( loader, def.lowerPosition, def.upperPosition, "upperPosition", "lowerPosition" ) &&
	          ttReader_Bool( r, item, "enableMotor", &def.enableMotor ) &&
	          ttReader_Number( r, item, "motorSpeed", ttRange_any, &def.motorSpeed ) &&
	          ttReader_Number( r, item, "maxMotorForce", ttRange_nonNegative, &def.maxMotorForce );
	ttJointId joint = ok ? ttCreatePathJoint( loader->scene->worldId, &def ) : ttNullJointId;
	free( points );
	return joint;
}

static ttJointId ttLoader_CreateJoint( ttSceneLoader* loader, const cJSON* item, ttJointType type,
                                       const ttJointDef* base )
{
	switch ( type )
	{
		case ttJoint_fixed:
		{
			ttFixedJointDef def = ttDefaultFixedJointDef();
			def.base = *base;
			return ttCreateFixedJoint( loader->scene->worldId, &def );
		}
		case ttJoint_hinge:
			return ttLoader_Hinge( loader, item, base );
		case ttJoint_spherical:
			return ttLoader_Spherical( loader, item, base );
		case ttJoint_prismatic:
			return ttLoader_Prismatic( loader, item, base );
		case ttJoint_distance:
			return ttLoader_Distance( loader, item, base );
		case ttJoint_path:
			return ttLoader_Path( loader, item, base );
		default:
			return ttLoader_Generic( loader, item, base );
	}
}

// ---------------------------------------------------------------------------------------------
// Joints

static bool ttLoader_JointType( ttSceneLoader* loader, const cJSON* item, ttJointType* type )
{
	const char* text = NULL;
	if ( ttReader_String( &loader->reader, item, "type", &text ) == false )
	{
		return false;
	}
	for ( int i = 0; text != NULL && i < ttJoint_count; ++i )
	{
		if ( strcmp( text, ttJointTypeNames[i] ) == 0 )
		{
			*type = (ttJointType)i;
			return true;
		}
	}
	const char* list = "fixed, hinge, spherical, prismatic, distance, generic, path";
	if ( text == NULL )
	{
		return ttReader_Fail( &loader->reader, "type", "is required: one of %s", list );
	}
	return ttReader_Fail( &loader->reader, "type", "unknown type '%s' (one of %s)", text, list );
}

static bool ttLoader_Joint( ttSceneLoader* loader, const cJSON* item, int index )
{
	static const char* const* keys[] = { ttFixedKeys,    ttHingeKeys,   ttSphericalKeys, ttPrismaticKeys,
	                                     ttDistanceKeys, ttGenericKeys, ttPathKeys };
	ttScene* scene = loader->scene;
	ttJointType type = ttJoint_fixed;
	snprintf( scene->jointNames[index], TT_SCENE_NAME_SIZE, "joint%d", index );
	bool ok = ttReader_IsObject( &loader->reader, item, NULL ) && ttLoader_JointType( loader, item, &type ) &&
	          ttReader_CheckKeys( &loader->reader, item, keys[type] ) &&
	          ttReader_Name( &loader->reader, item, "name", false, scene->jointNames[index], TT_SCENE_NAME_SIZE );
	ttJointDef base = ttDefaultJointDef();
	if ( ok == false || ttLoader_JointBase( loader, item, &base ) == false )
	{
		return false;
	}
	ttJointId joint = ttLoader_CreateJoint( loader, item, type, &base );
	if ( TT_IS_NULL( joint ) )
	{
		return loader->reader.failed ? false : ttLoader_LibraryError( loader, NULL, "creating the joint" );
	}
	scene->joints[index] = joint;
	scene->jointCount = index + 1;
	return true;
}

bool ttLoader_Joints( ttSceneLoader* loader, const cJSON* joints )
{
	ttScene* scene = loader->scene;
	if ( joints != NULL && cJSON_IsArray( joints ) == false )
	{
		return ttReader_Fail( &loader->reader, "joints", "must be an array [ {...}, ... ]" );
	}
	int count = joints != NULL ? cJSON_GetArraySize( joints ) : 0;
	scene->joints = calloc( (size_t)( count > 0 ? count : 1 ), sizeof( ttJointId ) );
	scene->jointNames = calloc( (size_t)( count > 0 ? count : 1 ), TT_SCENE_NAME_SIZE );
	if ( scene->joints == NULL || scene->jointNames == NULL )
	{
		return ttReader_Fail( &loader->reader, "joints", "out of memory" );
	}
	int index = 0;
	bool ok = true;
	int saved = ttReader_PushKey( &loader->reader, "joints" );
	for ( const cJSON* joint = joints != NULL ? joints->child : NULL; joint != NULL && ok;
	      joint = joint->next, ++index )
	{
		int savedIndex = ttReader_PushIndex( &loader->reader, index );
		ok = ttLoader_Joint( loader, joint, index );
		ttReader_Pop( &loader->reader, savedIndex );
	}
	ttReader_Pop( &loader->reader, saved );
	return ok && ttLoader_IndexNames( loader, "joints", scene->jointNames, scene->jointCount, &loader->jointIndex );
}
