// SPDX-License-Identifier: MIT
// `tether render SCENE --out DIR`: steps a scene headless and writes PNG frames at a fixed rate,
// and with --video an MP4 made by the ffmpeg program.
#include "camera.h"
#include "camera_rig.h"
#include "headless.h"
#include "label_overlay.h"
#include "particle_draw.h"
#include "png_io.h"
#include "scene_source.h"
#include "viewer.h"
#include "world_draw.h"

#include "tools_api.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace
{
struct RenderArguments
{
	std::string scene;
	std::string outDir;
	double fps = 30;
	double seconds = -1;
	int width = 960, height = 540;
	bool video = false;
	bool contacts = false;
	bool limits = false;
	bool tree = false;
	bool longRangeDraw = false;
	bool labels = false;
	bool ground = true;
	CameraRig camera;
	ttLongRangeSwitches longRange = {};
	ttSolverSwitches solvers = {};
	bool help = false;
};

const char* kRenderUsage =
    "usage: tether render [SCENE] --out DIR [--fps N] [--seconds S] [--width W] [--height H]\n"
    "                     [--video] [--contacts] [--limits] [--tree] [--draw-long-range] [--labels]\n"
    "                     [--camera follow|fixed|EX,EY,EZ,TX,TY,TZ] [--no-ground]\n"
    "                     [--joint-solver NAME] [--contact-solver NAME] [--threads N]\n"
    "                     [--long-range NAME=on|off]...\n"
    "  SCENE: a scene file (default: the built-in showcase)\n"
    "  writes DIR/frame_00000.png ... at N frames per second (default 30) for S seconds\n"
    "  (default: the scene's own duration); --video also writes DIR/<scene>.mp4 with ffmpeg;\n"
    "  --contacts draws contact points and normals, --limits the joint limits,\n"
    "  --tree the broadphase tree's boxes, --draw-long-range the long range constraints,\n"
    "  --labels each joint's force, torque and gap as text;\n";
const char* kRenderUsageEnd =
    "  --no-ground draws the bodies alone: no planes and no grid ground (drawn where no plane faces up);\n"
    "  --long-range switches a long range feature, --joint-solver and --contact-solver choose\n"
    "  the solvers and --threads N the step's worker threads, as in tether run\n";

int UsageError( const char* message, const char* value )
{
	fprintf( stderr, "tether: render: %s%s%s\nTry 'tether render --help'.\n", message, value ? " " : "",
	         value ? value : "" );
	return 2;
}

bool ParseDouble( const char* text, double* value )
{
	char* end = nullptr;
	*value = strtod( text, &end );
	return end != text && *end == 0 && *value >= 0 && *value < 1e9;
}

int ParseArguments( int argc, char** argv, RenderArguments* args )
{
	// "--name=value" is read as "--name value", as tether run reads it.
	std::vector<std::string> words;
	for ( int i = 1; i < argc; ++i )
	{
		std::string word = argv[i];
		size_t equals = word.find( '=' );
		if ( word.compare( 0, 2, "--" ) == 0 && equals != std::string::npos )
		{
			words.push_back( word.substr( 0, equals ) );
			words.push_back( word.substr( equals + 1 ) );
		}
		else
		{
			words.push_back( word );
		}
	}
	std::vector<char*> items;
	items.push_back( argv[0] );
	for ( std::string& word : words )
	{
		items.push_back( &word[0] );
	}
	argc = (int)items.size();
	argv = items.data();
	for ( int i = 1; i < argc; ++i )
	{
		std::string arg = argv[i];
		auto value = [&]( double* out, double lowest )
		{ return i + 1 < argc && ParseDouble( argv[++i], out ) && *out >= lowest; };
		double number = 0;
		if ( arg == "-h" || arg == "--help" )
		{
			args->help = true;
		}
		else if ( arg == "--out" && i + 1 < argc )
		{
			args->outDir = argv[++i];
		}
		else if ( arg == "--fps" )
		{
			if ( value( &args->fps, 1 ) == false )
				return UsageError( "--fps needs a number of frames per second >= 1", nullptr );
		}
		else if ( arg == "--seconds" )
		{
			if ( value( &args->seconds, 0 ) == false )
				return UsageError( "--seconds needs a number >= 0", nullptr );
		}
		else if ( arg == "--width" || arg == "--height" )
		{
			if ( value( &number, 16 ) == false || number > 8192 )
				return UsageError( "--width and --height need a number of pixels from 16 to 8192", nullptr );
			( arg == "--width" ? args->width : args->height ) = (int)number;
		}
		else if ( arg == "--video" )
		{
			args->video = true;
		}
		else if ( arg == "--contacts" )
		{
			args->contacts = true;
		}
		else if ( arg == "--limits" )
		{
			args->limits = true;
		}
		else if ( arg == "--tree" )
		{
			args->tree = true;
		}
		else if ( arg == "--draw-long-range" )
		{
			args->longRangeDraw = true;
		}
		else if ( arg == "--labels" )
		{
			args->labels = true;
		}
		else if ( arg == "--no-ground" )
		{
			args->ground = false;
		}
		else if ( arg == "--camera" )
		{
			if ( i + 1 >= argc || args->camera.Parse( argv[++i] ) == false )
				return UsageError( "--camera needs follow, fixed or EYE_X,EYE_Y,EYE_Z,TARGET_X,TARGET_Y,TARGET_Z: six "
				                   "numbers, the eye apart from the target and not straight above or below it",
				                   nullptr );
		}
		else if ( ttSolverSwitches_IsOption( arg.c_str() ) )
		{
			if ( ttSolverSwitches_Parse( &args->solvers, "render", argv[i], i + 1 < argc ? argv[i + 1] : nullptr ) < 0 )
				return 2;
			i += 1;
		}
		else if ( arg == "--long-range" )
		{
			if ( i + 1 >= argc || ttLongRangeSwitches_Parse( &args->longRange, argv[++i] ) == false )
				return UsageError( "--long-range needs NAME=on or NAME=off, NAME one of attachments, hierarchy, "
				                   "hingeChains, shapeMatching, supportingContacts",
				                   nullptr );
		}
		else if ( arg[0] == '-' )
		{
			return UsageError( "unknown option or missing value:", argv[i] );
		}
		else if ( args->scene.empty() == false )
		{
			return UsageError( "one scene at a time, got a second:", argv[i] );
		}
		else
		{
			args->scene = arg;
		}
	}
	if ( args->help == false && args->outDir.empty() )
	{
		return UsageError( "--out DIR is required", nullptr );
	}
	return 0;
}

bool MakeVideo( const RenderArguments& args, const char* sceneName, std::string* videoPath )
{
	*videoPath = args.outDir + "/" + sceneName + ".mp4";
	char fps[32];
	snprintf( fps, sizeof( fps ), "%g", args.fps );
	// yuv420p plays everywhere but needs even sizes; the scale filter rounds down to them.
	std::string command = std::string( "ffmpeg -y -loglevel error -framerate " ) + fps + " -i '" + args.outDir +
	                      "/frame_%05d.png' -vf 'scale=trunc(iw/2)*2:trunc(ih/2)*2' -c:v libx264 -pix_fmt yuv420p '" +
	                      *videoPath + "'";
	return std::system( command.c_str() ) == 0;
}
} // namespace

int ttViewerRenderMain( int argc, char** argv )
{
	RenderArguments args;
	int code = ParseArguments( argc, argv, &args );
	if ( code != 0 || args.help )
	{
		if ( args.help )
		{
			fputs( kRenderUsage, stdout );
			fputs( kCameraUsage, stdout );
			fputs( kRenderUsageEnd, stdout );
		}
		return code;
	}

	char error[1024];
	ttScene scene;
	if ( LoadSceneSource( args.scene, &scene, error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "tether: %s\n", error );
		return 1;
	}
	if ( ttSolverSwitches_Apply( &args.solvers, scene.worldId ) == false ||
	     ttLongRangeSwitches_Apply( &args.longRange, scene.worldId ) == false )
	{
		ttScene_Destroy( &scene );
		return 1;
	}
	HeadlessContext context;
	Renderer renderer;
	if ( ttMakeDirectories( args.outDir.c_str(), error, (int)sizeof( error ) ) == false ||
	     CreateHeadlessContext( &context, args.width, args.height, error, (int)sizeof( error ) ) == false ||
	     renderer.Init( error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "tether: render: %s\n", error );
		DestroyHeadlessContext( &context );
		ttScene_Destroy( &scene );
		return 1;
	}

	// The camera follows the awake bodies in steps of the frame time (not the machine's), so a
	// render is the same on every run.
	OrbitCamera camera;
	float aspect = (float)args.width / (float)args.height;
	args.camera.Start( &camera, scene.worldId, aspect );
	DebugDrawOptions options;
	options.contacts = args.contacts;
	options.limits = args.limits;
	options.broadphaseTree = args.tree;
	options.longRange = args.longRangeDraw;
	options.jointLabels = args.labels;
	options.ground = args.ground;
	PlaceGround( scene.worldId, &options );
	std::vector<WorldLabel> labels;

	double seconds = args.seconds >= 0 ? args.seconds : (double)scene.seconds;
	int frameCount = (int)( seconds * args.fps + 1e-9 ) + 1;
	double time = 0;
	bool ok = true;
	std::vector<unsigned char> pixels;
	for ( int frame = 0; frame < frameCount && ok; ++frame )
	{
		// Step whole steps of the scene's time step until the frame's time is reached.
		double frameTime = frame / args.fps;
		while ( time + 0.5 * (double)scene.timeStep <= frameTime )
		{
			ttWorld_Step( scene.worldId, scene.timeStep );
			time += (double)scene.timeStep;
		}
		if ( frame > 0 )
		{
			args.camera.Update( &camera, scene.worldId, aspect, (float)( 1 / args.fps ) );
		}
		// The shadow map covers what the camera sees around its target.
		DrawView view = { camera.View(), camera.Projection( args.width, args.height ),
		                  args.width,    args.height,
		                  camera.target, 0.75f * camera.distance };
		Mat4f viewProjection = Multiply( view.projection, view.view );
		options.viewDirection = Normalize( camera.target - camera.Eye() );
		renderer.Clear();
		labels.clear();
		DrawWorld( renderer, scene.worldId, options, ttBodyId{}, &labels );
		DrawParticles( renderer, scene );
		AddLabelOverlay( renderer, labels, viewProjection, args.width, args.height );
		BeginHeadlessFrame( &context );
		renderer.Draw( view );
		ReadHeadlessFrame( &context, &pixels );
		char path[1200];
		snprintf( path, sizeof( path ), "%s/frame_%05d.png", args.outDir.c_str(), frame );
		ok = WritePng( path, args.width, args.height, pixels );
		if ( ok == false )
		{
			fprintf( stderr, "tether: render: cannot write %s\n", path );
		}
	}
	renderer.Shutdown();
	DestroyHeadlessContext( &context );

	if ( ok )
	{
		printf( "tether: rendered '%s': %d frames of %dx%d at %g fps to %s/frame_*.png\n", scene.name, frameCount,
		        args.width, args.height, args.fps, args.outDir.c_str() );
		std::string videoPath;
		if ( args.video )
		{
			ok = MakeVideo( args, scene.name, &videoPath );
			if ( ok )
			{
				printf( "  video: %s\n", videoPath.c_str() );
			}
			else
			{
				fprintf( stderr, "tether: render: ffmpeg failed (Debian: apt-get install ffmpeg)\n" );
			}
		}
	}
	ttScene_Destroy( &scene );
	return ok ? 0 : 1;
}
