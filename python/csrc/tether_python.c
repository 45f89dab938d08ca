// SPDX-License-Identifier: MIT
// The Python package's layout checks (tether_python.h). The package declares tether's structs to
// cffi by hand; comparing sizes with this file's compiler catches a declaration that drifted
// from the headers before a wrong offset could read garbage.
#include "tether_python.h"

#include "scene.h"
#include "tether/tether.h"

#include <string.h>

int ttPython_RealSize( void )
{
	return (int)sizeof( ttReal );
}

#define TT_SIZE_ENTRY( type )                                                                                          \
	{                                                                                                                  \
#type, sizeof( type )                                                                                          \
	}

static const struct
{
	const char* name;
	size_t size;
} s_sizes[] = {
    TT_SIZE_ENTRY( ttWorldDef ),
    TT_SIZE_ENTRY( ttBodyDef ),
    TT_SIZE_ENTRY( ttShapeDef ),
    TT_SIZE_ENTRY( ttMassData ),
    TT_SIZE_ENTRY( ttJointDef ),
    TT_SIZE_ENTRY( ttFixedJointDef ),
    TT_SIZE_ENTRY( ttHingeJointDef ),
    TT_SIZE_ENTRY( ttSphericalJointDef ),
    TT_SIZE_ENTRY( ttPrismaticJointDef ),
    TT_SIZE_ENTRY( ttDistanceJointDef ),
    TT_SIZE_ENTRY( ttRayResult ),
    TT_SIZE_ENTRY( ttQueryShape ),
    TT_SIZE_ENTRY( ttClosestPointResult ),
    TT_SIZE_ENTRY( ttBodyState ),
    TT_SIZE_ENTRY( ttJointForces ),
    TT_SIZE_ENTRY( ttCapsule ),
    TT_SIZE_ENTRY( ttFilter ),
    TT_SIZE_ENTRY( ttQueryFilter ),
    TT_SIZE_ENTRY( ttAABB ),
    TT_SIZE_ENTRY( ttTransform ),
    TT_SIZE_ENTRY( ttScene ),
    TT_SIZE_ENTRY( ttProbe ),
    TT_SIZE_ENTRY( ttBodyId ),
    TT_SIZE_ENTRY( ttWorldId ),
    TT_SIZE_ENTRY( ttJointId ),
    TT_SIZE_ENTRY( ttShapeId ),
    TT_SIZE_ENTRY( ttVersion ),
    TT_SIZE_ENTRY( ttJointBreakEvents ),
};

size_t ttPython_SizeOf( const char* name )
{
	for ( size_t i = 0; name != NULL && i < sizeof( s_sizes ) / sizeof( s_sizes[0] ); ++i )
	{
		if ( strcmp( s_sizes[i].name, name ) == 0 )
		{
			return s_sizes[i].size;
		}
	}
	return 0;
}
