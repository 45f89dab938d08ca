// SPDX-License-Identifier: MIT
#include "camera_rig.h"

#include "world_draw.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

const char* kCameraUsage =
    "  --camera follow (default) keeps every moving body in view, gliding after them; fixed frames\n"
    "  the start and stays; EX,EY,EZ,TX,TY,TZ puts the eye at EX,EY,EZ looking at TX,TY,TZ (m)\n";

bool CameraRig::Parse( const char* text )
{
	if ( strcmp( text, "follow" ) == 0 || strcmp( text, "fixed" ) == 0 )
	{
		mode = text[1] == 'o' ? Camera_follow : Camera_fixed;
		return true;
	}
	float values[6];
	const char* at = text;
	for ( int i = 0; i < 6; ++i )
	{
		char* end = nullptr;
		double value = strtod( at, &end );
		if ( end == at || std::isfinite( value ) == false || std::fabs( value ) > 1e6 || *end != ( i < 5 ? ',' : 0 ) )
		{
			return false;
		}
		values[i] = (float)value;
		at = end + ( i < 5 ? 1 : 0 );
	}
	Vec3f e = { values[0], values[1], values[2] }, t = { values[3], values[4], values[5] };
	Vec3f offset = e - t;
	float length = Length( offset );
	// The picture's up is +y: a camera looking straight up or down has no up direction.
	if ( length <= 1e-3f || std::fabs( offset.y ) >= 0.9999f * length )
	{
		return false;
	}
	mode = Camera_given;
	eye = e;
	givenTarget = t;
	return true;
}

// What the camera keeps in view: every moving body (awake, or asleep where it came to rest: a
// settled pile stays in the picture beside what still moves), else everything.
static void SubjectSpheres( ttWorldId worldId, std::vector<FitSphere>* spheres )
{
	Vec3f lower, upper;
	if ( MovingBounds( worldId, false, &lower, &upper, spheres ) || AllBounds( worldId, &lower, &upper, spheres ) )
	{
		return;
	}
	spheres->push_back( { { 0, 0, 0 }, 1 } ); // planes alone: the origin
}

void CameraRig::Start( OrbitCamera* camera, ttWorldId worldId, float aspect )
{
	if ( mode == Camera_given )
	{
		camera->LookFrom( eye, givenTarget );
		startDistance = camera->distance;
		return;
	}
	std::vector<FitSphere> spheres;
	SubjectSpheres( worldId, &spheres );
	camera->FrameSpheres( spheres, aspect );
	startDistance = camera->distance;
}

void CameraRig::Update( OrbitCamera* camera, ttWorldId worldId, float aspect, float seconds ) const
{
	Vec3f lower, upper;
	std::vector<FitSphere> spheres;
	if ( mode != Camera_follow || MovingBounds( worldId, true, &lower, &upper, nullptr ) == false ||
	     MovingBounds( worldId, false, &lower, &upper, &spheres ) == false )
	{
		return; // nothing awake: nothing moves, the view stays
	}
	// The target glides to the bodies' centre in about half a second; the distance widens at
	// once when a body is about to leave the picture and closes in slowly, so that one bounce does
	// not pump the view. Half the starting distance at the least: one body left rolling is not
	// blown up to fill the picture.
	Vec3f center = ( lower + upper ) * 0.5f;
	float follow = 1 - std::exp( -4.0f * seconds );
	camera->target = camera->target + ( center - camera->target ) * follow;
	float wanted = std::fmax( camera->FitDistance( spheres, aspect ), 0.5f * startDistance );
	float rate = wanted > camera->distance ? 8.0f : 2.0f;
	camera->distance += ( wanted - camera->distance ) * ( 1 - std::exp( -rate * seconds ) );
}
