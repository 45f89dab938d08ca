// SPDX-License-Identifier: MIT
// `tether view`: the interactive viewer (GLFW window, OpenGL 3.3 core via libepoxy, Dear ImGui
// with its GLFW and OpenGL 3 backends as Debian's libimgui-dev ships them).
#include "view_app.h"

#include "particle_draw.h"
#include "png_io.h"
#include "viewer.h"

#include <epoxy/gl.h>

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

bool ViewerApp::Load( const std::string& path, bool reframe )
{
	if ( external )
	{
		message = "this is the program's own world: it cannot be reset or replaced from the viewer";
		return false;
	}
	ttScene fresh;
	char error[1024];
	if ( LoadSceneSource( path, &fresh, error, (int)sizeof( error ) ) == false )
	{
		message = error;
		return false;
	}
	if ( loaded )
	{
		ttScene_Destroy( &scene );
	}
	scene = fresh;
	loaded = true;
	scenePath = path;
	message.clear();
	spring.active = false;
	accumulator = 0;
	simulatedTime = 0;
	if ( reframe || substeps == 0 )
	{
		CaptureSettings();
	}
	ApplySettings();
	PlaceGround( scene.worldId, &debug );
	if ( reframe )
	{
		Reframe();
	}
	return true;
}

void ViewerApp::Reframe()
{
	rig.Start( &camera, scene.worldId, aspect );
	follow = rig.mode == Camera_follow;
}

void ViewerApp::CaptureSettings()
{
	substeps = ttWorld_GetSubsteps( scene.worldId );
	iterations = ttWorld_GetIterations( scene.worldId );
	contactsEnabled = ttWorld_AreContactsEnabled( scene.worldId );
	sleepEnabled = ttWorld_IsSleepEnabled( scene.worldId );
	contactSolver = ttWorld_GetContactSolver( scene.worldId );
	jointSolver = ttWorld_GetJointSolver( scene.worldId );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		longRange[i] = ttWorld_IsLongRangeEnabled( scene.worldId, (ttLongRangeFeature)i );
	}
	longRangeLevels = ttWorld_GetLongRangeLevels( scene.worldId );
}

void ViewerApp::ApplySettings()
{
	ttWorld_SetSubsteps( scene.worldId, substeps );
	ttWorld_SetIterations( scene.worldId, iterations );
	ttWorld_EnableContacts( scene.worldId, contactsEnabled );
	ttWorld_EnableSleep( scene.worldId, sleepEnabled );
	ttWorld_SetContactSolver( scene.worldId, contactSolver );
	ttWorld_SetJointSolver( scene.worldId, jointSolver );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		ttWorld_EnableLongRange( scene.worldId, (ttLongRangeFeature)i, longRange[i] );
	}
	ttWorld_SetLongRangeLevels( scene.worldId, longRangeLevels );
}

void ViewerApp::StepOnce()
{
	if ( stopRequested )
	{
		return;
	}
	if ( stepFcn != nullptr && stepFcn( scene.worldId, stepIndex, stepContext ) == false )
	{
		stopRequested = true;
		return;
	}
	stepIndex += 1;
	spring.Apply();
	ttWorld_Step( scene.worldId, scene.timeStep );
	simulatedTime += (double)scene.timeStep;
}

void ViewerApp::Advance( double realSeconds )
{
	if ( singleStep )
	{
		singleStep = false;
		paused = true;
		StepOnce();
		return;
	}
	if ( paused )
	{
		return;
	}
	// At most four steps per frame: a slow machine runs in slow motion rather than spiralling.
	accumulator += realSeconds * timeScale;
	for ( int k = 0; k < 4 && accumulator >= (double)scene.timeStep; ++k )
	{
		StepOnce();
		accumulator -= (double)scene.timeStep;
	}
	accumulator = accumulator > (double)scene.timeStep ? 0 : accumulator;
}

namespace
{
struct ViewArguments
{
	std::string scene;
	std::string screenshot;
	int frames = 3;
	int width = 1280, height = 800;
	DebugDrawOptions debug; ///< toggles to start with (the debug panel changes them)
	CameraRig camera;
	ttSolverSwitches solvers = {};
	bool help = false;
};

// The panel is 380 px wide from x = 8 (panels.cpp): the scene is framed right of it.
const float kPanelRight = 388;

const char* kViewUsage = "usage: tether view [SCENE] [--width W] [--height H] [--screenshot FILE [--frames N]]\n"
                         "                   [--contacts] [--limits] [--tree] [--draw-long-range] [--labels]\n"
                         "                   [--camera follow|fixed|EX,EY,EZ,TX,TY,TZ] [--no-ground]\n"
                         "                   [--joint-solver NAME] [--contact-solver NAME] [--threads N]\n"
                         "  SCENE: a scene file (default: the built-in showcase)\n"
                         "  --screenshot FILE: step one time step per frame, write the window's image after N\n"
                         "  frames (default 3) to FILE, print where each named body's centre is in it, exit\n"
                         "  --contacts ... --labels: start with these debug drawings on, as in tether render\n"
                         "  --joint-solver, --contact-solver: start with these solvers instead of the scene's\n"
                         "  --threads N: step on N worker threads (the motion is the same for every N)\n"
                         "  --no-ground: the bodies alone, without planes and the grid ground\n";

int ParseViewArguments( int argc, char** argv, ViewArguments* args )
{
	for ( int i = 1; i < argc; ++i )
	{
		std::string arg = argv[i];
		bool hasValue = i + 1 < argc;
		if ( arg == "-h" || arg == "--help" )
		{
			args->help = true;
		}
		else if ( arg == "--screenshot" && hasValue )
		{
			args->screenshot = argv[++i];
		}
		else if ( ( arg == "--frames" || arg == "--width" || arg == "--height" ) && hasValue )
		{
			int value = atoi( argv[++i] );
			if ( value < 1 || value > 100000 )
			{
				fprintf( stderr, "tether: view: %s needs a whole number from 1, got '%s'\n", arg.c_str(), argv[i] );
				return 2;
			}
			( arg == "--frames" ? args->frames : ( arg == "--width" ? args->width : args->height ) ) = value;
		}
		else if ( ttSolverSwitches_IsOption( arg.c_str() ) )
		{
			if ( ttSolverSwitches_Parse( &args->solvers, "view", arg.c_str(), hasValue ? argv[++i] : nullptr ) < 0 )
				return 2;
		}
		else if ( arg == "--contacts" )
		{
			args->debug.contacts = true;
		}
		else if ( arg == "--limits" )
		{
			args->debug.limits = true;
		}
		else if ( arg == "--tree" )
		{
			args->debug.broadphaseTree = true;
		}
		else if ( arg == "--draw-long-range" )
		{
			args->debug.longRange = true;
		}
		else if ( arg == "--labels" )
		{
			args->debug.jointLabels = true;
		}
		else if ( arg == "--no-ground" )
		{
			args->debug.ground = false;
		}
		else if ( arg == "--camera" )
		{
			if ( hasValue == false || args->camera.Parse( argv[++i] ) == false )
			{
				fprintf( stderr, "tether: view: --camera needs follow, fixed or EX,EY,EZ,TX,TY,TZ (the eye apart from "
				                 "the target and not straight above or below it)\nTry 'tether view --help'.\n" );
				return 2;
			}
		}
		else if ( arg[0] == '-' || args->scene.empty() == false )
		{
			fprintf( stderr, "tether: view: unexpected '%s'\nTry 'tether view --help'.\n", argv[i] );
			return 2;
		}
		else
		{
			args->scene = arg;
		}
	}
	return 0;
}

struct MouseState
{
	double x = 0, y = 0;
	bool orbiting = false, panning = false;
};

Vec3f MouseRay( const Mat4f& viewProjection, double x, double y, int width, int height, Vec3f* origin )
{
	Mat4f inverse = Inverse( viewProjection );
	float nx = (float)( 2 * x / width - 1 ), ny = (float)( 1 - 2 * y / height );
	Vec3f nearPoint = TransformPoint( inverse, { nx, ny, -1 } );
	Vec3f farPoint = TransformPoint( inverse, { nx, ny, 1 } );
	*origin = nearPoint;
	return Normalize( farPoint - nearPoint );
}

// Mouse and keys for the 3D view, when ImGui does not want them.
void HandleInput( GLFWwindow* window, ViewerApp& app, MouseState& mouse, const Mat4f& viewProjection, int width,
                  int height )
{
	ImGuiIO& io = ImGui::GetIO();
	int windowWidth, windowHeight;
	glfwGetWindowSize( window, &windowWidth, &windowHeight );
	double x, y;
	glfwGetCursorPos( window, &x, &y );
	double dx = x - mouse.x, dy = y - mouse.y;
	mouse.x = x;
	mouse.y = y;
	bool left = glfwGetMouseButton( window, GLFW_MOUSE_BUTTON_LEFT ) == GLFW_PRESS;
	bool right = glfwGetMouseButton( window, GLFW_MOUSE_BUTTON_RIGHT ) == GLFW_PRESS;
	bool middle = glfwGetMouseButton( window, GLFW_MOUSE_BUTTON_MIDDLE ) == GLFW_PRESS;
	bool shift = glfwGetKey( window, GLFW_KEY_LEFT_SHIFT ) == GLFW_PRESS;
	// Framebuffer pixels per window pixel (1 except on high-density screens).
	double sx = (double)width / ( windowWidth > 0 ? windowWidth : 1 );
	double sy = (double)height / ( windowHeight > 0 ? windowHeight : 1 );
	Vec3f origin;
	Vec3f ray = MouseRay( viewProjection, x * sx, y * sy, width, height, &origin );

	if ( io.WantCaptureMouse == false )
	{
		if ( ImGui::IsMouseClicked( ImGuiMouseButton_Left ) && shift == false )
		{
			PickHit hit;
			if ( PickBody( app.scene.worldId, origin, ray, &hit ) )
			{
				Vec3f eye = app.camera.Eye();
				app.spring.Grab( hit, eye, Normalize( app.camera.target - eye ) );
			}
			else
			{
				mouse.orbiting = true;
			}
		}
		if ( ImGui::IsMouseClicked( ImGuiMouseButton_Right ) )
		{
			mouse.orbiting = true;
		}
		if ( ImGui::IsMouseClicked( ImGuiMouseButton_Middle ) || ( shift && ImGui::IsMouseClicked( 0 ) ) )
		{
			mouse.panning = true;
		}
		if ( io.MouseWheel != 0 )
		{
			app.camera.Zoom( io.MouseWheel );
			app.follow = false;
		}
	}
	if ( left == false && right == false && middle == false )
	{
		mouse.orbiting = mouse.panning = false;
		app.spring.active = false;
	}
	if ( mouse.panning )
	{
		app.camera.Pan( (float)dx, (float)dy, windowHeight );
		app.follow = app.follow && dx == 0 && dy == 0;
	}
	else if ( mouse.orbiting )
	{
		app.camera.Orbit( (float)dx, (float)dy );
	}
	if ( app.spring.active )
	{
		// The target follows the mouse on the plane facing the camera through the grabbed point.
		Vec3f eye = app.camera.Eye();
		Vec3f forward = Normalize( app.camera.target - eye );
		float along = Dot( ray, forward );
		if ( along > 1e-4f )
		{
			app.spring.target = origin + ray * ( ( app.spring.viewDepth - Dot( origin - eye, forward ) ) / along );
		}
	}
	// ImGui 1.86 with the GLFW backend indexes keys by GLFW key code.
	if ( io.WantCaptureKeyboard == false )
	{
		if ( ImGui::IsKeyPressed( GLFW_KEY_SPACE ) )
			app.paused = !app.paused;
		if ( ImGui::IsKeyPressed( GLFW_KEY_S ) )
			app.singleStep = true;
		if ( ImGui::IsKeyPressed( GLFW_KEY_R ) )
			app.Load( app.scenePath, false );
		if ( ImGui::IsKeyPressed( GLFW_KEY_F ) )
			app.Reframe();
	}
}

// Where each named body's centre lands in the screenshot, for tests and scripts.
void PrintProjections( const ViewerApp& app, const Mat4f& viewProjection, int width, int height )
{
	if ( app.external )
	{
		// A program's world: its bodies by their own names.
		std::vector<ttBodyId> bodies( (size_t)ttWorld_GetBodyCount( app.scene.worldId ) );
		int count = ttWorld_GetBodies( app.scene.worldId, bodies.data(), (int)bodies.size() );
		for ( int i = 0; i < count; ++i )
		{
			float x, y;
			const char* name = ttBody_GetName( bodies[(size_t)i] );
			Vec3f p = V3( ttBody_GetPosition( bodies[(size_t)i] ) );
			if ( name != nullptr && name[0] != 0 && ProjectToScreen( viewProjection, p, width, height, &x, &y ) )
			{
				printf( "body %s at pixel %d %d\n", name, (int)x, (int)y );
			}
		}
		return;
	}
	for ( int i = 0; i < app.scene.bodyCount; ++i )
	{
		float x, y;
		Vec3f p = V3( ttBody_GetPosition( app.scene.bodies[i] ) );
		if ( app.scene.bodyNames[i][0] != 0 && ProjectToScreen( viewProjection, p, width, height, &x, &y ) )
		{
			printf( "body %s at pixel %d %d\n", app.scene.bodyNames[i], (int)x, (int)y );
		}
	}
}

bool WriteScreenshot( const char* path, int width, int height )
{
	std::vector<unsigned char> bottomUp( (size_t)width * (size_t)height * 3 ), rgb( bottomUp.size() );
	glPixelStorei( GL_PACK_ALIGNMENT, 1 );
	glReadPixels( 0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, bottomUp.data() );
	size_t row = (size_t)width * 3;
	for ( int y = 0; y < height; ++y )
	{
		memcpy( rgb.data() + row * (size_t)y, bottomUp.data() + row * (size_t)( height - 1 - y ), row );
	}
	return WritePng( path, width, height, rgb );
}

void OnGlfwError( int code, const char* description )
{
	fprintf( stderr, "tether: view: GLFW error %d: %s\n", code, description );
}
int RunWindow( ViewerApp& app, const char* title, int windowWidth, int windowHeight, const std::string& screenshot,
               int frames );
} // namespace

int ttViewerViewMain( int argc, char** argv )
{
	ViewArguments args;
	int code = ParseViewArguments( argc, argv, &args );
	if ( code != 0 || args.help )
	{
		if ( args.help )
			fputs( kViewUsage, stdout );
		return code;
	}
	ViewerApp app;
	app.debug = args.debug;
	app.rig = args.camera;
	app.camera.shiftX = std::fmin( 0.6f, kPanelRight / (float)args.width );
	app.aspect = (float)args.width / (float)args.height * ( 1 - app.camera.shiftX );
	app.sceneFiles = ListSceneFiles();
	if ( app.Load( args.scene, true ) == false )
	{
		fprintf( stderr, "tether: %s\n", app.message.c_str() );
		return 1;
	}
	// The command line's solvers replace the scene's and stay when another scene is picked.
	app.jointSolver = args.solvers.setJoint ? args.solvers.joint : app.jointSolver;
	app.contactSolver = args.solvers.setContact ? args.solvers.contact : app.contactSolver;
	app.ApplySettings();
	int result = RunWindow( app, "tether", args.width, args.height, args.screenshot, args.frames );
	ttScene_Destroy( &app.scene );
	return result;
}

namespace
{
// The window's life: open it, draw and step until it is closed (or the screenshot is taken, or
// the program's callback stops it), close it. The caller owns app.scene.
int RunWindow( ViewerApp& app, const char* title, int windowWidth, int windowHeight, const std::string& screenshot,
               int frames )
{
	glfwSetErrorCallback( OnGlfwError );
	if ( glfwInit() == GLFW_FALSE )
	{
		fprintf( stderr, "tether: view: no display (set DISPLAY, or use tether render)\n" );
		return 1;
	}
	glfwWindowHint( GLFW_CONTEXT_VERSION_MAJOR, 3 );
	glfwWindowHint( GLFW_CONTEXT_VERSION_MINOR, 3 );
	glfwWindowHint( GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE );
	glfwWindowHint( GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE );
	glfwWindowHint( GLFW_SAMPLES, 4 );
	GLFWwindow* window = glfwCreateWindow( windowWidth, windowHeight, title, nullptr, nullptr );
	Renderer renderer;
	char error[1024] = "cannot open an OpenGL 3.3 core window";
	if ( window == nullptr ||
	     ( glfwMakeContextCurrent( window ), renderer.Init( error, (int)sizeof( error ) ) ) == false )
	{
		fprintf( stderr, "tether: view: %s\n", error );
		glfwTerminate();
		return 1;
	}
	glfwSwapInterval( screenshot.empty() ? 1 : 0 );
	IMGUI_CHECKVERSION();
	ImGui::CreateContext();
	ImGui::GetIO().IniFilename = nullptr; // no imgui.ini littering the working directory
	ImGui_ImplGlfw_InitForOpenGL( window, true );
	ImGui_ImplOpenGL3_Init( "#version 330" );

	MouseState mouse;
	double last = glfwGetTime();
	int frame = 0;
	bool ok = true;
	while ( glfwWindowShouldClose( window ) == false )
	{
		glfwPollEvents();
		ImGui_ImplOpenGL3_NewFrame();
		ImGui_ImplGlfw_NewFrame();
		ImGui::NewFrame();
		int width, height;
		glfwGetFramebufferSize( window, &width, &height );
		Mat4f viewProjection = Multiply( app.camera.Projection( width, height ), app.camera.View() );
		HandleInput( window, app, mouse, viewProjection, width, height );

		double now = glfwGetTime();
		double elapsed = now - last;
		if ( screenshot.empty() )
		{
			app.Advance( elapsed );
		}
		else
		{
			app.StepOnce(); // screenshots depend on the frame count, not on the machine's speed
			elapsed = (double)app.scene.timeStep;
		}
		last = now;
		int currentWidth = 0, currentHeight = 0;
		glfwGetWindowSize( window, &currentWidth, &currentHeight );
		app.camera.shiftX = std::fmin( 0.6f, kPanelRight / (float)( currentWidth > 0 ? currentWidth : 1 ) );
		app.aspect = ( height > 0 ? (float)width / (float)height : 1.0f ) * ( 1 - app.camera.shiftX );
		if ( app.follow )
		{
			app.rig.Update( &app.camera, app.scene.worldId, app.aspect, (float)elapsed );
		}

		DrawPanels( app );
		std::vector<WorldLabel> labels;
		renderer.Clear();
		app.debug.viewDirection = app.camera.target - app.camera.Eye();
		DrawWorld( renderer, app.scene.worldId, app.debug, app.spring.active ? app.spring.body : ttBodyId{}, &labels );
		DrawParticles( renderer, app.scene );
		if ( app.spring.active )
		{
			renderer.AddLine( app.spring.Anchor(), app.spring.target, { 1, 1, 1 } );
		}
		viewProjection = Multiply( app.camera.Projection( width, height ), app.camera.View() );
		DrawLabels( app, labels, viewProjection, width, height );
		DrawView view = {
		    app.camera.View(),          app.camera.Projection( width, height ), width, height, app.camera.target,
		    0.75f * app.camera.distance };
		renderer.Draw( view );
		ImGui::Render();
		ImGui_ImplOpenGL3_RenderDrawData( ImGui::GetDrawData() );

		if ( screenshot.empty() == false && ++frame >= frames )
		{
			ok = WriteScreenshot( screenshot.c_str(), width, height );
			printf( "tether: view: wrote %s (%dx%d) after %d frames\n", screenshot.c_str(), width, height, frame );
			PrintProjections( app, viewProjection, width, height );
			glfwSetWindowShouldClose( window, GLFW_TRUE );
		}
		if ( app.stopRequested )
		{
			glfwSetWindowShouldClose( window, GLFW_TRUE );
		}
		glfwSwapBuffers( window );
	}

	ImGui_ImplOpenGL3_Shutdown();
	ImGui_ImplGlfw_Shutdown();
	ImGui::DestroyContext();
	renderer.Shutdown();
	glfwDestroyWindow( window );
	glfwTerminate();
	return ok ? 0 : 1;
}
} // namespace

ttViewerOptions ttDefaultViewerOptions( void )
{
	ttViewerOptions options = {};
	options.title = "tether";
	options.timeStep = 1.0 / 60.0;
	options.width = 1280;
	options.height = 800;
	options.frames = 3;
	return options;
}

int ttViewer_Run( ttWorldId worldId, const ttViewerOptions* options )
{
	ttViewerOptions defaults = ttDefaultViewerOptions();
	const ttViewerOptions* o = options != nullptr ? options : &defaults;
	if ( ttWorld_IsValid( worldId ) == false )
	{
		fprintf( stderr, "tether: ttViewer_Run: the world id is null or stale\n" );
		return 1;
	}
	if ( !( o->timeStep >= (double)TT_MIN_TIME_STEP && o->timeStep <= (double)TT_MAX_TIME_STEP ) || o->width < 1 ||
	     o->width > 100000 || o->height < 1 || o->height > 100000 || o->frames < 1 )
	{
		fprintf( stderr,
		         "tether: ttViewer_Run: options out of range (timeStep %g s must be within [%g, %g], width and "
		         "height 1 to 100000, frames >= 1); start from ttDefaultViewerOptions()\n",
		         o->timeStep, (double)TT_MIN_TIME_STEP, (double)TT_MAX_TIME_STEP );
		return 1;
	}
	ViewerApp app;
	app.scene.worldId = worldId;
	app.scene.timeStep = (ttReal)o->timeStep;
	app.loaded = true;
	app.external = true;
	app.scenePath = "(the program's world)";
	app.stepFcn = o->stepFcn;
	app.stepContext = o->context;
	app.CaptureSettings();
	app.camera.shiftX = std::fmin( 0.6f, kPanelRight / (float)o->width );
	app.aspect = (float)o->width / (float)o->height * ( 1 - app.camera.shiftX );
	PlaceGround( worldId, &app.debug );
	app.Reframe();
	return RunWindow( app, o->title != nullptr ? o->title : "tether", o->width, o->height,
	                  o->screenshot != nullptr ? o->screenshot : "", o->frames );
}
